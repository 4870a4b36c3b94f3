package io.coreserve.engine.exact;

import java.util.Arrays;

/**
 * The exact feasibility search over the N-subsets of the members of {@link Items} at one start time, and the
 * suffix sums it shares with {@link BestSubsetSearch}.
 *
 * <p>Admissible: sum over the set of a_ij^t >= d_i for every property i (each member already has
 * a_ij^t >= e_i).
 *
 * <p>Both searches enumerate combinations j_1 < j_2 < ... < j_N of a sorted member list depth first, and at
 * each level cut the loop over the next member j as soon as no completion by r = N - k members taken from
 * positions >= j can work, using sums of the r largest or smallest values of the suffix (precomputed for every
 * j and r). Those suffix bounds only get worse as j grows, so the cut is a {@code break}, and every set that is
 * skipped is proven unable to be admissible (or to beat the incumbent): the searches are exhaustive, hence
 * exact.
 */
final class SubsetSearch {

    private SubsetSearch() {
    }

    // ---------------------------------------------------------------------------------------------------------
    // Feasibility

    /**
     * Some admissible N-set (positions into {@code items}), or null when none exists or the budget ran out
     * (then {@code budget.exhausted()}).
     *
     * <p>Reduction first, exact by an exchange argument: order the members by "a dominates b" (a_ij >= b_ij for
     * all i) with ties broken by position; a member with at least N dominators can be dropped, because in any
     * admissible set containing it some dominator is unused and swapping it in keeps the set admissible. Then a
     * depth-first search over the rest, largest normalised availability first, cut by "the partial sums plus the
     * r largest remaining a_ij of the suffix still fall short of d_i".
     */
    static int[] findFeasible(Items items, long[] d, int n, Budget budget) {
        int p = items.properties;
        if (items.size < n) {
            return null;
        }
        for (int i = 0; i < p; i++) {
            if (topSum(items, i, n) < d[i]) {
                return null;
            }
        }
        int[] kept = undominated(items, n);
        Items reduced = items.subset(kept, kept.length);
        double[] key = new double[reduced.size];
        for (int m = 0; m < reduced.size; m++) {
            key[m] = -normalisedAvailability(reduced, m, d);
        }
        int[] order = reduced.orderBy(key);
        Items sorted = reduced.subset(order, order.length);
        Suffix top = Suffix.largest(sorted.available, sorted.size, p, n);
        int[] chosen = new int[n];
        if (feasibleDfs(sorted, d, n, top, 0, 0, new long[p], chosen, budget)) {
            int[] positions = new int[n];
            for (int k = 0; k < n; k++) {
                positions[k] = kept[order[chosen[k]]];
            }
            Arrays.sort(positions);
            return positions;
        }
        return null;
    }

    private static boolean feasibleDfs(Items s, long[] d, int n, Suffix top, int from, int k, long[] sums,
            int[] chosen, Budget budget) {
        int p = s.properties;
        if (k == n) {
            for (int i = 0; i < p; i++) {
                if (sums[i] < d[i]) {
                    return false;
                }
            }
            return true;
        }
        int r = n - k;
        for (int j = from; j <= s.size - r; j++) {
            if (!budget.take()) {
                return false;
            }
            boolean reachable = true;
            for (int i = 0; i < p && reachable; i++) {
                reachable = sums[i] + top.sum(j, r, i) >= d[i];
            }
            if (!reachable) {
                break; // the suffix sums only shrink with j
            }
            for (int i = 0; i < p; i++) {
                sums[i] += s.available[j * p + i];
            }
            chosen[k] = j;
            boolean found = feasibleDfs(s, d, n, top, j + 1, k + 1, sums, chosen, budget);
            for (int i = 0; i < p; i++) {
                sums[i] -= s.available[j * p + i];
            }
            if (found) {
                return true;
            }
            if (budget.exhausted()) {
                return false;
            }
        }
        return false;
    }

    /** Positions of the members with fewer than n dominators (a-vectors, ties by position), ascending. */
    static int[] undominated(Items items, int n) {
        int p = items.properties;
        int[] kept = new int[items.size];
        int count = 0;
        for (int y = 0; y < items.size; y++) {
            int dominators = 0;
            for (int x = 0; x < items.size && dominators < n; x++) {
                if (x == y) {
                    continue;
                }
                boolean geq = true;
                boolean greater = false;
                for (int i = 0; i < p && geq; i++) {
                    long ax = items.available[x * p + i];
                    long ay = items.available[y * p + i];
                    geq = ax >= ay;
                    greater |= ax > ay;
                }
                if (geq && (greater || x < y)) {
                    dominators++;
                }
            }
            if (dominators < n) {
                kept[count++] = y;
            }
        }
        return Arrays.copyOf(kept, count);
    }

    // ---------------------------------------------------------------------------------------------------------

    /** sum_i a_ij^t / d_i, the sort key of the feasibility search. */
    private static double normalisedAvailability(Items items, int m, long[] d) {
        double sum = 0;
        for (int i = 0; i < items.properties; i++) {
            sum += (double) items.available[m * items.properties + i] / Math.max(d[i], 1);
        }
        return sum;
    }

    private static long topSum(Items items, int property, int n) {
        long[] column = new long[items.size];
        for (int m = 0; m < items.size; m++) {
            column[m] = items.a(m, property);
        }
        Arrays.sort(column);
        long sum = 0;
        for (int m = column.length - 1; m >= column.length - n; m--) {
            sum += column[m];
        }
        return sum;
    }

    /**
     * For every suffix j..size-1 and r = 0..n, the sum of the r largest (or smallest) values of each property;
     * a suffix with fewer than r members gives an impossible sum (very negative for largest, very positive for
     * smallest).
     */
    static final class Suffix {
        private static final long IMPOSSIBLE = Long.MAX_VALUE / 8;
        private final long[] sums;
        private final int n;
        private final int p;

        private Suffix(long[] sums, int n, int p) {
            this.sums = sums;
            this.n = n;
            this.p = p;
        }

        long sum(int j, int r, int i) {
            return sums[(j * (n + 1) + r) * p + i];
        }

        static Suffix largest(long[] values, int size, int p, int n) {
            return build(values, size, p, n, true);
        }

        static Suffix smallest(long[] values, int size, int p, int n) {
            return build(values, size, p, n, false);
        }

        private static Suffix build(long[] values, int size, int p, int n, boolean largest) {
            long[] sums = new long[(size + 1) * (n + 1) * p];
            long[][] kept = new long[p][n];   // sorted, best first
            int[] count = new int[p];
            for (int j = size; j >= 0; j--) {
                if (j < size) {
                    for (int i = 0; i < p; i++) {
                        insert(kept[i], count, i, values[j * p + i], n, largest);
                    }
                }
                for (int i = 0; i < p; i++) {
                    long running = 0;
                    sums[(j * (n + 1)) * p + i] = 0;
                    for (int r = 1; r <= n; r++) {
                        long value;
                        if (r <= count[i]) {
                            running += kept[i][r - 1];
                            value = running;
                        } else {
                            value = largest ? -IMPOSSIBLE : IMPOSSIBLE;
                        }
                        sums[(j * (n + 1) + r) * p + i] = value;
                    }
                }
            }
            return new Suffix(sums, n, p);
        }

        private static void insert(long[] kept, int[] count, int i, long value, int n, boolean largest) {
            int c = count[i];
            int at = c;
            while (at > 0 && (largest ? kept[at - 1] < value : kept[at - 1] > value)) {
                at--;
            }
            if (at >= n) {
                return;
            }
            int last = Math.min(c, n - 1);
            for (int q = last; q > at; q--) {
                kept[q] = kept[q - 1];
            }
            kept[at] = value;
            count[i] = Math.min(c + 1, n);
        }
    }
}
