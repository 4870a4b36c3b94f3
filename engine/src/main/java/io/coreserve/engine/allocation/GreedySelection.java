package io.coreserve.engine.allocation;

/**
 * Phase IV of the IMPROVED variant, before falling back to SelectAndSwap restarts.
 *
 * <p>(The search first applies the bound {@link Availability#largestCanReach}.) A greedy fills the N slots one by one with the resource that covers most of the
 * remaining shortfall, sum_i min(a_ij^t, shortfall_i) / d_i, ties going to the smallest capacity (which keeps
 * U~ high); then a repair swaps in the rest member that shrinks the total relative shortfall most, until none
 * is left, no swap helps or 2N rounds have passed.
 */
final class GreedySelection {

    private GreedySelection() {
    }

    static Selection run(Availability availability, ResolvedRequest request, int l1, Counters counters) {
        int n = request.count();
        int p = availability.properties;
        long[] d = request.totals();
        Selection s = Selection.none(availability, request);
        // Loop invariants hoisted (the same values, so the same choices): 1 / scale is not used, to keep the
        // divisions, and thus every score, bit for bit as before.
        double[] scale = new double[p];
        for (int i = 0; i < p; i++) {
            scale[i] = Math.max(d[i], 1);
        }
        double[] sizes = new double[availability.size];
        for (int member = 0; member < availability.size; member++) {
            double size = 0;
            for (int i = 0; i < p; i++) {
                size += availability.capacity[member * p + i] / scale[i];
            }
            sizes[member] = size;
        }
        long[] shortfall = new long[p];
        long[] available = availability.available;
        for (int k = 0; k < n; k++) {
            int best = -1;
            double bestScore = -1;
            double bestSize = Double.POSITIVE_INFINITY;
            for (int i = 0; i < p; i++) {
                shortfall[i] = Math.max(0, d[i] - s.sumAvailable[i]);
            }
            for (int q = 0; q < s.restCount; q++) {
                int member = s.rest[q];
                double score = 0;
                for (int i = 0; i < p; i++) {
                    score += Math.min(available[member * p + i], shortfall[i]) / scale[i];
                }
                double size = sizes[member];
                if (score > bestScore || (score == bestScore && size < bestSize)) {
                    best = q;
                    bestScore = score;
                    bestSize = size;
                }
            }
            s.choose(best);
        }
        repair(s, d, (long) n * l1, counters);
        return s;
    }

    /**
     * Best-improvement swaps that shrink the total relative shortfall, at most 2N rounds. To stay cheap with
     * large pools, each round only considers the 2N rest members richest in the property that is most short.
     */
    private static void repair(Selection s, long[] d, long limit, Counters counters) {
        Availability availability = s.availability;
        int p = availability.properties;
        int n = s.chosenCount;
        long rounds = Math.min(limit, 2L * n);
        long[] after = new long[p];
        int[] order = new int[s.restCount];
        long[] keys = new long[s.restCount];
        long[] topKeys = new long[2 * n];
        long[] without = new long[p];
        for (long round = 0; round < rounds && !s.admissible(); round++) {
            int v = mostShort(s, d);
            for (int q = 0; q < s.restCount; q++) {
                keys[q] = availability.available(s.rest[q], v);
            }
            // Only the 2N richest are looked at: select them (stable, as the full sort) instead of sorting all.
            int considered = IndexSort.topDescending(order, keys, s.restCount, 2 * n, topKeys);
            double best = shortfall(s.sumAvailable, d);
            int bestOut = -1;
            int bestIn = -1;
            for (int out = 0; out < n; out++) {
                for (int i = 0; i < p; i++) {
                    without[i] = s.sumAvailable[i] - availability.available(s.chosen[out], i);
                }
                for (int q = 0; q < considered; q++) {
                    int in = order[q];
                    for (int i = 0; i < p; i++) {
                        after[i] = without[i] + availability.available(s.rest[in], i);
                    }
                    double value = shortfall(after, d);
                    if (value < best - 1e-15) {
                        best = value;
                        bestOut = out;
                        bestIn = in;
                    }
                }
            }
            counters.swapsTried += (long) n * considered;
            if (bestOut < 0) {
                return;
            }
            s.swap(bestOut, bestIn);
            counters.swapsMade++;
        }
    }

    /** The property with the largest relative shortfall. */
    private static int mostShort(Selection s, long[] d) {
        int worst = 0;
        double worstValue = -1;
        for (int i = 0; i < d.length; i++) {
            double value = (double) (d[i] - s.sumAvailable[i]) / Math.max(d[i], 1);
            if (value > worstValue) {
                worstValue = value;
                worst = i;
            }
        }
        return worst;
    }

    /** Sum over properties of the relative shortfall max(0, d_i - sum a_ij^t) / d_i. */
    private static double shortfall(long[] sums, long[] d) {
        double total = 0;
        for (int i = 0; i < d.length; i++) {
            if (sums[i] < d[i]) {
                total += (double) (d[i] - sums[i]) / Math.max(d[i], 1);
            }
        }
        return total;
    }
}
