/**
 * The offline evaluation of seed 001: COARP against FCFS, EASY, FPFS and SCOAL on a replayed SWF trace,
 * on the first k jobs for a rising series of k (the x axis of the paper's Figures 4 to 7).
 */
package io.coreserve.evaluation.offers;
