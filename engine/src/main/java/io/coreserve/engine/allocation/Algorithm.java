package io.coreserve.engine.allocation;

/** Which variant of the co-allocation algorithm to run. */
public enum Algorithm {

    /** Section 3 of the paper as written: random Phase I sample, SelectAndSwap, random-swap Phase V. */
    PAPER,

    /**
     * Same phases, trying harder: Phase I takes all matching resources up to a pool size, Phase IV skips start
     * times whose top-N sums cannot reach d_i, then runs a deficit-driven greedy with repair before
     * SelectAndSwap restarts, and Phase V is a best-improvement local search.
     */
    IMPROVED,

    /**
     * IMPROVED over every matching resource, its plan the incumbent of a branch and bound over all of them at
     * its start time, under a budget of search-tree nodes: the best U~ (eq. (3)) at that start, proven when the
     * budget sufficed ({@link Plan#optimality()}).
     */
    EXACT;

    /** Whether Phases I, IV and V are IMPROVED's (EXACT starts from IMPROVED's plan). */
    boolean improvedPhases() {
        return this != PAPER;
    }
}
