package io.coreserve.evaluation.coreservation;

import java.util.Map;

/**
 * One (resources, candidates) point of the Table 2 grid over its repetitions.
 *
 * @param variables  V(n, c) = c (3n + 2n^2)
 * @param meanMillis mean solve time per formulation
 * @param maxMillis  largest solve time per formulation
 * @param optimal    solves proven optimal (or proven infeasible) per formulation
 * @param mismatches proven-optimal answers whose objective differs from the oracle's, per formulation
 * @param timeouts   solves that ended at the time limit per formulation
 */
public record GridPoint(int resources, int candidates, long variables, int repetitions,
        Map<Formulation, Double> meanMillis, Map<Formulation, Double> maxMillis, Map<Formulation, Integer> optimal,
        Map<Formulation, Integer> mismatches, Map<Formulation, Integer> timeouts) {
}
