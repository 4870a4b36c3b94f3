package io.coreserve.engine.allocation;

/**
 * Phase V of the IMPROVED variant: best-improvement local search. Each round evaluates every swap of a member
 * of R_s with a member of R_a and makes the one that raises U~ the most while staying admissible; it stops
 * when no swap raises U~ (a local optimum) or after N * L_2 rounds.
 */
final class BestImprovementOptimiser {

    private static final double MIN_GAIN = 1e-12;

    private BestImprovementOptimiser() {
    }

    static void run(Selection s, int l2, Counters counters) {
        double current = s.estimate();
        long rounds = (long) s.chosenCount * Math.max(l2, 1);
        long[] without = new long[3 * s.availability.properties];
        for (long round = 0; round < rounds && s.restCount > 0; round++) {
            double best = current * (1 + MIN_GAIN);
            int bestOut = -1;
            int bestIn = -1;
            for (int out = 0; out < s.chosenCount; out++) {
                s.sumsWithout(s.chosen[out], without);
                for (int in = 0; in < s.restCount; in++) {
                    double after = s.estimateAfterSwapAbove(without, s.rest[in], best);
                    if (after > best) {
                        best = after;
                        bestOut = out;
                        bestIn = in;
                    }
                }
            }
            counters.optimisationTried += (long) s.chosenCount * s.restCount;
            if (bestOut < 0) {
                return;
            }
            s.swap(bestOut, bestIn);
            current = best;
            counters.optimisationMade++;
        }
    }
}
