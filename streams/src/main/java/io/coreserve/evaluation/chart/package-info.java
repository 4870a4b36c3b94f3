/** Charts for evaluations: line charts of named series, written as PNG files. */
package io.coreserve.evaluation.chart;
