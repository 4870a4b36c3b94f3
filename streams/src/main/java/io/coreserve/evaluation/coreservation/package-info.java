/**
 * {@code evaluate coreservation}: section 6 of Röblitz (seed paper 002) rebuilt: the Table 2 grid of eligible
 * resources and candidates, solved by the paper's formulation, the tight one, the anchor-time fast path and the
 * enumeration oracle (spec 002 section 6.3).
 */
package io.coreserve.evaluation.coreservation;
