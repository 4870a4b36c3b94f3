package io.coreserve.engine.allocation;

/**
 * Phase V of the IMPROVED variant: best-improvement local search. Each round evaluates every swap of a member
 * of R_s with a member of R_a and makes the one that raises U~ the most while staying admissible; it stops
 * when no swap raises U~ (a local optimum) or after N * L_2 rounds.
 *
 * <p>A round takes the first best swap in the order (member of R_s, then member of the rest). Members that
 * {@link MemberGroups} cannot tell apart give equal values, so only the first of each group on either side is
 * evaluated: a later one could only tie, and a tie never replaces the swap found first. The swaps made, and so the
 * selection, are the same as evaluating every pair.
 */
final class BestImprovementOptimiser {

    private static final double MIN_GAIN = 1e-12;

    private BestImprovementOptimiser() {
    }

    static void run(Selection s, int l2, Counters counters) {
        double current = s.estimate();
        long rounds = (long) s.chosenCount * Math.max(l2, 1);
        long[] without = new long[3 * s.availability.properties];
        int[] group = MemberGroups.of(s.availability);
        int[] seen = new int[s.availability.size];             // per group: the stamp of the last pass that met it
        int stamp = 0;
        int[] ins = new int[s.rest.length];                     // rest positions first of their group, ascending
        for (long round = 0; round < rounds && s.restCount > 0; round++) {
            stamp++;
            int inCount = 0;
            for (int in = 0; in < s.restCount; in++) {
                int g = group[s.rest[in]];
                if (seen[g] != stamp) {
                    seen[g] = stamp;
                    ins[inCount++] = in;
                }
            }
            stamp++;
            double best = current * (1 + MIN_GAIN);
            int bestOut = -1;
            int bestIn = -1;
            for (int out = 0; out < s.chosenCount; out++) {
                int g = group[s.chosen[out]];
                if (seen[g] == stamp) {
                    continue;                                   // as an earlier member of R_s: ties only
                }
                seen[g] = stamp;
                s.sumsWithout(s.chosen[out], without);
                for (int q = 0; q < inCount; q++) {
                    double after = s.estimateAfterSwapAbove(without, s.rest[ins[q]], best);
                    if (after > best) {
                        best = after;
                        bestOut = out;
                        bestIn = ins[q];
                    }
                }
                counters.optimisationTried += inCount;
            }
            if (bestOut < 0) {
                return;
            }
            s.swap(bestOut, bestIn);
            current = best;
            counters.optimisationMade++;
        }
    }
}
