package io.coreserve.oracle;

import java.util.Arrays;

/**
 * Exact searches over the N-subsets of the members of {@link Items} at one start time.
 *
 * <p>Admissible: sum over the set of a_ij^t >= d_i for every property i (each member already has
 * a_ij^t >= e_i). The objective is the estimate the heuristic optimises in Phases IV and V,
 * U~(S) = prod_i u~_i(S) with u~_i(S) = (d_i + sum_S T_ij^t) / sum_S p_ij (eq. (3)); admissible sets have
 * every u~_i <= 1.
 *
 * <p>Both searches enumerate combinations j_1 < j_2 < ... < j_N of a sorted member list depth first, and at
 * each level cut the loop over the next member j as soon as no completion by r = N - k members taken from
 * positions >= j can work, using sums of the r largest or smallest values of the suffix (precomputed for every
 * j and r). Those suffix bounds only get worse as j grows, so the cut is a {@code break}, and every set that is
 * skipped is proven unable to be admissible (or to beat the incumbent): the searches are exhaustive, hence
 * exact.
 */
final class SubsetSearch {

    /** Relative tolerance of the objective comparisons (double rounding), see {@link #maximise}. */
    static final double TOLERANCE = 1e-12;

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
    // Optimisation

    /** The best set found and whether it is proven optimal. */
    record Best(int[] positions, double value, double upperBound, boolean proven) {
    }

    /**
     * The admissible N-set of maximum U~, by branch and bound, starting from an admissible incumbent (positions).
     *
     * <p>Members are sorted by normalised availability ascending. With partial sums A_i, T_i, P_i of a_ij^t,
     * T_ij^t, p_ij over the k chosen members and r = N - k members still to take from the suffix from j on, every
     * completion has
     * <pre>
     *   sum a_i  <= A_i + top_r(a_i)                                  (else not admissible: cut)
     *   u~_i = 1 - (sum a_i - d_i) / sum p_i <= 1 - max(0, A_i + bottom_r(a_i) - d_i) / (P_i + top_r(p_i))
     *   u~_i = (d_i + sum T_i) / sum p_i      <= (d_i + T_i + top_r(T_i)) / (P_i + bottom_r(p_i))
     * </pre>
     * and U~ <= prod_i min(1, both bounds). The loop is cut when this is <= the incumbent times (1 + 1e-12):
     * the result is optimal up to that relative tolerance (double rounding), i.e. exact for our purposes.
     * When the budget runs out the incumbent is returned with {@code proven = false} and the upper bound is the
     * largest bound among the subtrees left unexplored.
     */
    static Best maximise(Items items, long[] d, int n, int[] incumbent, Budget budget) {
        int p = items.properties;
        double[] key = new double[items.size];
        for (int m = 0; m < items.size; m++) {
            key[m] = normalisedAvailability(items, m, d);
        }
        int[] order = items.orderBy(key);
        Items s = items.subset(order, order.length);
        Optimiser o = new Optimiser(s, d, n, budget);
        int[] start = improve(items, d, n, incumbent);
        o.best = items.estimate(start, d);
        int[] inverse = new int[items.size];
        for (int k = 0; k < order.length; k++) {
            inverse[order[k]] = k;
        }
        for (int k = 0; k < n; k++) {
            o.bestSet[k] = inverse[start[k]];
        }
        o.search(0, 0, new long[p], new long[p], new long[p]);
        int[] positions = new int[n];
        for (int k = 0; k < n; k++) {
            positions[k] = order[o.bestSet[k]];
        }
        Arrays.sort(positions);
        boolean proven = !budget.exhausted();
        double upper = proven ? o.best : Math.max(o.best, o.openBound);
        return new Best(positions, o.best, upper, proven);
    }

    private static final class Optimiser {
        final Items s;
        final long[] d;
        final int n;
        final int p;
        final Budget budget;
        final Suffix topA;
        final Suffix bottomA;
        final Suffix topP;
        final Suffix bottomP;
        final Suffix topT;
        final int[] current;
        final int[] bestSet;
        double best;
        double openBound;

        Optimiser(Items s, long[] d, int n, Budget budget) {
            this.s = s;
            this.d = d;
            this.n = n;
            this.p = s.properties;
            this.budget = budget;
            this.topA = Suffix.largest(s.available, s.size, p, n);
            this.bottomA = Suffix.smallest(s.available, s.size, p, n);
            this.topP = Suffix.largest(s.capacity, s.size, p, n);
            this.bottomP = Suffix.smallest(s.capacity, s.size, p, n);
            this.topT = Suffix.largest(s.reserved, s.size, p, n);
            this.current = new int[n];
            this.bestSet = new int[n];
        }

        void search(int from, int k, long[] sumA, long[] sumT, long[] sumP) {
            if (k == n) {
                double value = 1;
                for (int i = 0; i < p; i++) {
                    if (sumA[i] < d[i]) {
                        return;
                    }
                    value *= (double) (d[i] + sumT[i]) / sumP[i];
                }
                if (value > best) {
                    best = value;
                    System.arraycopy(current, 0, bestSet, 0, n);
                }
                return;
            }
            int r = n - k;
            for (int j = from; j <= s.size - r; j++) {
                double bound = bound(j, r, sumA, sumT, sumP);
                if (bound <= best * (1 + TOLERANCE)) {
                    break; // bounds only shrink with j; NaN-free since bound() returns -1 when unreachable
                }
                if (!budget.take()) {
                    openBound = Math.max(openBound, bound);
                    return;
                }
                for (int i = 0; i < p; i++) {
                    sumA[i] += s.available[j * p + i];
                    sumT[i] += s.reserved[j * p + i];
                    sumP[i] += s.capacity[j * p + i];
                }
                current[k] = j;
                search(j + 1, k + 1, sumA, sumT, sumP);
                for (int i = 0; i < p; i++) {
                    sumA[i] -= s.available[j * p + i];
                    sumT[i] -= s.reserved[j * p + i];
                    sumP[i] -= s.capacity[j * p + i];
                }
                if (budget.exhausted()) {
                    // the rest of this loop is unexplored: its bound is at most this j's bound
                    openBound = Math.max(openBound, bound);
                    return;
                }
            }
        }

        /** Upper bound on U~ of completions by r members from positions >= j; -1 when none is admissible. */
        double bound(int j, int r, long[] sumA, long[] sumT, long[] sumP) {
            double product = 1;
            for (int i = 0; i < p; i++) {
                if (sumA[i] + topA.sum(j, r, i) < d[i]) {
                    return -1;
                }
                double slack = Math.max(0, sumA[i] + bottomA.sum(j, r, i) - d[i]);
                double f1 = 1 - slack / (sumP[i] + topP.sum(j, r, i));
                double f2 = (double) (d[i] + sumT[i] + topT.sum(j, r, i)) / (sumP[i] + bottomP.sum(j, r, i));
                product *= Math.min(1, Math.min(f1, f2));
            }
            return product;
        }
    }

    /**
     * Best-improvement local search from an admissible set: swap a member for a non-member while that raises U~
     * and keeps the set admissible. Gives the branch and bound a good incumbent; not needed for exactness.
     */
    static int[] improve(Items items, long[] d, int n, int[] start) {
        int[] set = start.clone();
        double value = items.estimate(set, d);
        boolean[] in = new boolean[items.size];
        for (int m : set) {
            in[m] = true;
        }
        int[] trial = set.clone();
        boolean improved = true;
        while (improved) {
            improved = false;
            int bestOut = -1;
            int bestIn = -1;
            double bestValue = value;
            for (int k = 0; k < n; k++) {
                for (int m = 0; m < items.size; m++) {
                    if (in[m]) {
                        continue;
                    }
                    System.arraycopy(set, 0, trial, 0, n);
                    trial[k] = m;
                    double v = items.estimate(trial, d);
                    if (v > bestValue * (1 + TOLERANCE)) {
                        bestValue = v;
                        bestOut = k;
                        bestIn = m;
                    }
                }
            }
            if (bestOut >= 0) {
                in[set[bestOut]] = false;
                in[bestIn] = true;
                set[bestOut] = bestIn;
                value = bestValue;
                improved = true;
            }
        }
        Arrays.sort(set);
        return set;
    }

    // ---------------------------------------------------------------------------------------------------------

    /** sum_i a_ij^t / d_i, the sort key of both searches. */
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
