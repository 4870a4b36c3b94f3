/** Plain-text reports of evaluations: Markdown tables. */
package io.coreserve.evaluation.report;
