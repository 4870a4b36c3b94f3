package io.coreserve.engine.allocation;

/**
 * What the EXACT algorithm's branch and bound proved about its plan's U~ at the plan's start time t_s (the
 * start the IMPROVED phases found; the start itself is not proven earliest).
 *
 * @param proven     the search over every matching resource free at t_s finished within its budget: no N-set
 *                   has a higher U~ there
 * @param upperBound a proven upper bound on U~ at t_s (equal to the plan's U~ when proven)
 * @param nodes      search-tree nodes visited (deterministic: the budget counts nodes, not time)
 */
public record Optimality(boolean proven, double upperBound, long nodes) {
}
