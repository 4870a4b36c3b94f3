package io.coreserve.engine.exact;

import java.util.Arrays;

/**
 * The admissible N-set of maximum U~ at one start time (the objective of Phases IV and V: eq. (3) multiplied
 * over the properties), by branch and bound: exact when it finishes within its budget, otherwise the best set
 * found and a proven upper bound.
 *
 * <p>With u~_i(S) = (d_i + sum_S T_ij^t) / sum_S p_ij = 1 - (sum_S a_ij^t - d_i) / sum_S p_ij, an admissible
 * set (sum_S a_ij^t >= d_i) has every u~_i <= 1, and U~(S) = prod_i u~_i(S). Instances come in two shapes,
 * and the N = 5 cases of the evaluation have both:
 * <ul>
 *   <li>Some d_i far below what N members hold (a request for a fraction of a core): that u~_i is about the
 *       occupancy T_ij / p_ij of the chosen members, traded against admissibility in the other properties.
 *       Members are sorted most occupied first (sum_i T_ij / p_ij descending), so the largest ratio
 *       phi_i = max T_ij / p_ij left in a suffix falls quickly, and by the mediant inequality a completion R
 *       from the suffix has u~_i <= (alpha_i + phi_i P_i(R)) / (beta_i + P_i(R)), alpha_i and beta_i the
 *       chosen members' d_i + T_i and P_i.</li>
 *   <li>Every d_i close to what N members hold: the optimum fills every d_i almost exactly and U~ is close to
 *       1. Beating the incumbent U* then needs u~_i > theta_i = U* / prod_{i' != i} ub_i' for each i, i.e.
 *       d_i <= sum_S a_ij^t < d_i + (1 - theta_i) sum_S p_ij: a thin box. The last two members are taken from a
 *       {@link PairGrid} of all pairs bucketed by summed availability, so each choice of the first N - 2
 *       members looks only at the pairs whose sums can land in its box. Members are sorted most available
 *       first (sum_i a_ij^t / d_i descending), which ends the loops over prefixes that can no longer reach
 *       d_i sooner.</li>
 * </ul>
 *
 * <p>Every cut is a proven bound, so a finished search is exact up to the relative tolerance
 * {@link #TOLERANCE} of the double comparisons.
 */
final class BestSubsetSearch implements PairGrid.PairVisitor {

    /** Relative tolerance of the objective comparisons (double rounding). */
    static final double TOLERANCE = 1e-12;

    /** The pair grid is used while 1 - U* is at most this: the boxes are then thin enough to pay off. */
    static final double GRID_GAP = 0.05;

    /**
     * Availability order is used when the root bound does not rule out U~ near 1 and the seed already reaches
     * this; a speed choice only, both orders are exact.
     */
    static final double NEAR_ONE = 0.8;

    private final Items s;
    private final long[] d;
    private final int n;
    private final int p;
    private final Budget budget;
    private final double gridLimit;
    /** Whether the members are in occupancy order, where the mediant bound is worth its time. */
    private final boolean mediant;
    private final SubsetSearch.Suffix topA;
    private final SubsetSearch.Suffix bottomA;
    private final SubsetSearch.Suffix topP;
    private final SubsetSearch.Suffix bottomP;
    private final SubsetSearch.Suffix topT;
    /** phi[j * p + i]: the largest T_ij / p_ij over positions >= j. */
    private final double[] phi;
    private final long[] topCapacity;
    private final int[] current;
    private final int[] bestSet;
    private final long[] sumA;
    private final long[] sumT;
    private final long[] sumP;
    private final double[] propertyBound;
    private final long[] lo;
    private final long[] hi;
    private double best;
    private double openBound;
    private PairGrid grid;
    private double gridBuiltAt = Double.NaN;

    private BestSubsetSearch(Items s, long[] d, int n, Budget budget, double gridGap, boolean mediant) {
        this.s = s;
        this.d = d;
        this.n = n;
        this.p = s.properties;
        this.budget = budget;
        this.gridLimit = gridGap;
        this.mediant = mediant;
        this.topA = SubsetSearch.Suffix.largest(s.available, s.size, p, n);
        this.bottomA = SubsetSearch.Suffix.smallest(s.available, s.size, p, n);
        this.topP = SubsetSearch.Suffix.largest(s.capacity, s.size, p, n);
        this.bottomP = SubsetSearch.Suffix.smallest(s.capacity, s.size, p, n);
        this.topT = SubsetSearch.Suffix.largest(s.reserved, s.size, p, n);
        this.phi = new double[(s.size + 1) * p];
        for (int j = s.size - 1; j >= 0; j--) {
            for (int i = 0; i < p; i++) {
                phi[j * p + i] = Math.max(phi[(j + 1) * p + i], occupancy(s, j, i));
            }
        }
        this.topCapacity = new long[p];
        for (int i = 0; i < p; i++) {
            topCapacity[i] = topP.sum(0, n, i);
        }
        this.current = new int[n];
        this.bestSet = new int[n];
        this.sumA = new long[p];
        this.sumT = new long[p];
        this.sumP = new long[p];
        this.propertyBound = new double[p];
        this.lo = new long[p];
        this.hi = new long[p];
    }

    /** The best set found and whether it is proven optimal. */
    record Best(int[] positions, double value, double upperBound, boolean proven) {
    }

    /**
     * The admissible N-set of maximum U~, starting from an admissible incumbent (positions into {@code items}).
     * When the budget runs out the best set found is returned with {@code proven = false} and the upper bound is
     * the largest bound among the subtrees left unexplored.
     */
    static Best maximise(Items items, long[] d, int n, int[] incumbent, Budget budget) {
        return maximise(items, d, n, incumbent, budget, GRID_GAP);
    }

    /** As above, with the pair grid used while 1 - U* is at most {@code gridGap} (0: never, 1: always). */
    static Best maximise(Items items, long[] d, int n, int[] incumbent, Budget budget, double gridGap) {
        int[] start = improve(items, d, n, incumbent);
        double startValue = items.estimate(start, d);
        int[] order = items.orderBy(mostOccupiedFirst(items));
        BestSubsetSearch search = new BestSubsetSearch(items.subset(order, order.length), d, n, budget, gridGap, true);
        if (search.bound(0, n) > 1 - GRID_GAP && startValue >= NEAR_ONE) {
            // U~ may be near 1: the pair grid does the work, and this order ends hopeless prefixes sooner
            order = items.orderBy(mostAvailableFirst(items, d));
            search = new BestSubsetSearch(items.subset(order, order.length), d, n, budget, gridGap, false);
        }
        search.best = startValue;
        int[] inverse = new int[items.size];
        for (int k = 0; k < order.length; k++) {
            inverse[order[k]] = k;
        }
        for (int k = 0; k < n; k++) {
            search.bestSet[k] = inverse[start[k]];
        }
        search.search(0, 0);
        int[] positions = new int[n];
        for (int k = 0; k < n; k++) {
            positions[k] = order[search.bestSet[k]];
        }
        Arrays.sort(positions);
        boolean proven = !budget.exhausted();
        double upper = proven ? search.best : Math.max(search.best, search.openBound);
        return new Best(positions, search.best, upper, proven);
    }

    /** Chooses members k..n-1 from positions >= from, the first k being in {@code current} and the sums. */
    private void search(int from, int k) {
        if (k == n) {
            offer();
            return;
        }
        int r = n - k;
        if (r == 2 && useGrid()) {
            completeFromGrid(from);
            return;
        }
        for (int j = from; j <= s.size - r; j++) {
            double bound = bound(j, r);
            if (bound <= best * (1 + TOLERANCE)) {
                break; // the bound only falls with j (suffix sums and phi shrink); -1 when not admissible
            }
            if (!budget.take()) {
                openBound = Math.max(openBound, bound);
                return;
            }
            add(j, 1);
            current[k] = j;
            search(j + 1, k + 1);
            add(j, -1);
            if (budget.exhausted()) {
                // the rest of this loop is unexplored: its bound is at most this j's bound
                openBound = Math.max(openBound, bound);
                return;
            }
        }
    }

    /** The last two members from the pair grid: only the pairs whose sums can reach the box of U* > best. */
    private void completeFromGrid(int from) {
        double bound = bound(from, 2);
        if (bound <= best * (1 + TOLERANCE)) {
            return;
        }
        if (!budget.take()) {
            openBound = Math.max(openBound, bound);
            return;
        }
        double target = best * (1 + TOLERANCE);
        for (int g = 0; g < grid.keyed(); g++) {
            double others = 1;
            for (int i = 0; i < p; i++) {
                others *= i == g ? 1 : propertyBound[i];
            }
            // u~_g > theta <=> sum a_g - d_g < (1 - theta) sum p_g, and sum p_g <= sumP_g + top2(p_g)
            double theta = target / others;
            lo[g] = d[g] - sumA[g];
            double room = Math.max(0, 1 - theta) * (sumP[g] + topP.sum(from, 2, g));
            hi[g] = lo[g] + (long) Math.ceil(room * (1 + 1e-9)) + 1;
        }
        grid.forEach(lo, hi, from, this);
        if (budget.exhausted()) {
            openBound = Math.max(openBound, bound);
        }
    }

    @Override
    public boolean visit(int x, int y) {
        if (!budget.take()) {
            return false;
        }
        current[n - 2] = x;
        current[n - 1] = y;
        add(x, 1);
        add(y, 1);
        offer();
        add(y, -1);
        add(x, -1);
        return true;
    }

    /** The sums are of a full set: keep it when admissible and better. */
    private void offer() {
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
    }

    /** Builds the pair grid once 1 - best is small, and again each time it has shrunk fourfold. */
    private boolean useGrid() {
        double gap = 1 - best;
        if (gap > gridLimit) {
            return false;
        }
        if (grid == null || gap < gridBuiltAt / 4) {
            long[] width = new long[p];
            for (int i = 0; i < p; i++) {
                width[i] = (long) Math.ceil(gap * topCapacity[i]) + 1;
            }
            grid = PairGrid.build(s, width);
            gridBuiltAt = gap;
        }
        return grid != null;
    }

    /**
     * Upper bound on U~ of the completions by r members from positions >= j, -1 when none is admissible; the
     * bound of each property in {@link #propertyBound}. With A_i, T_i, P_i the sums so far, every completion has
     * <pre>
     *   sum a_i  <= A_i + top_r(a_i)                                           (else not admissible)
     *   u~_i = 1 - (sum a_i - d_i) / sum p_i  <= 1 - max(0, A_i + bottom_r(a_i) - d_i) / (P_i + top_r(p_i))
     *   u~_i = (d_i + sum T_i) / sum p_i       <= (d_i + T_i + top_r(T_i)) / (P_i + bottom_r(p_i))
     *   u~_i <= (d_i + T_i + phi_i x) / (P_i + x) for x = sum p_i of the completion, monotone in x, so at
     *            x = top_r(p_i) or bottom_r(p_i) (in occupancy order only)
     * </pre>
     * All of these only fall as j grows.
     */
    private double bound(int j, int r) {
        double product = 1;
        for (int i = 0; i < p; i++) {
            if (sumA[i] + topA.sum(j, r, i) < d[i]) {
                return -1;
            }
            double slack = Math.max(0, sumA[i] + bottomA.sum(j, r, i) - d[i]);
            double byAvailability = 1 - slack / (sumP[i] + topP.sum(j, r, i));
            double byReserved = (double) (d[i] + sumT[i] + topT.sum(j, r, i)) / (sumP[i] + bottomP.sum(j, r, i));
            double bound = Math.min(1, Math.min(byAvailability, byReserved));
            if (mediant) {
                double ratio = phi[j * p + i];
                double alpha = d[i] + sumT[i];
                long x = ratio * sumP[i] >= alpha ? topP.sum(j, r, i) : bottomP.sum(j, r, i);
                bound = Math.min(bound, (alpha + ratio * x) / (sumP[i] + x));
            }
            propertyBound[i] = bound;
            product *= propertyBound[i];
        }
        return product;
    }

    /**
     * Best-improvement local search from an admissible set: swap a member for a non-member while that raises U~
     * and keeps the set admissible. Gives the branch and bound a good incumbent; not needed for exactness.
     */
    private static int[] improve(Items items, long[] d, int n, int[] start) {
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

    private void add(int j, int sign) {
        for (int i = 0; i < p; i++) {
            sumA[i] += sign * s.available[j * p + i];
            sumT[i] += sign * s.reserved[j * p + i];
            sumP[i] += sign * s.capacity[j * p + i];
        }
    }

    /** Sort key: sum_i T_ij / p_ij descending. */
    private static double[] mostOccupiedFirst(Items items) {
        double[] key = new double[items.size];
        for (int m = 0; m < items.size; m++) {
            for (int i = 0; i < items.properties; i++) {
                key[m] -= occupancy(items, m, i);
            }
        }
        return key;
    }

    /** Sort key: sum_i a_ij / d_i descending. */
    private static double[] mostAvailableFirst(Items items, long[] d) {
        double[] key = new double[items.size];
        for (int m = 0; m < items.size; m++) {
            for (int i = 0; i < items.properties; i++) {
                key[m] -= (double) items.available[m * items.properties + i] / Math.max(d[i], 1);
            }
        }
        return key;
    }

    private static double occupancy(Items items, int m, int i) {
        return (double) items.reserved[m * items.properties + i] / items.capacity[m * items.properties + i];
    }
}
