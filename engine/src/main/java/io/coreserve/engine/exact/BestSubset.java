package io.coreserve.engine.exact;

/**
 * The engine's door to {@link BestSubsetSearch}: the admissible N-set of maximum U~ (eq. (3) multiplied over the
 * properties) among the members available at one start time, from an admissible incumbent, under a budget of
 * search-tree nodes. The budget counts nodes, not time, so the same input gives the same answer on any machine.
 */
public final class BestSubset {

    private BestSubset() {
    }

    /**
     * The result.
     *
     * @param members    the chosen members (positions into the input arrays), ascending
     * @param value      their U~
     * @param upperBound a proven upper bound on U~ over all N-sets (equal to {@code value} when proven)
     * @param proven     the search finished within its budget: {@code value} is the optimum
     * @param nodes      search-tree nodes visited
     */
    public record Result(int[] members, double value, double upperBound, boolean proven, long nodes) {
    }

    /**
     * @param reserved   T_ij^t, indexed {@code m * properties + i} (a_ij^t = p_ij - T_ij^t)
     * @param capacity   p_ij, same indexing
     * @param size       the number of members
     * @param totals     d_i
     * @param n          N
     * @param incumbent  an admissible N-set (positions), e.g. the improved algorithm's
     * @param budget     search-tree nodes the branch and bound may visit
     */
    public static Result maximise(long[] reserved, long[] capacity, int size, int properties,
            long[] totals, int n, int[] incumbent, long budget) {
        Items items = new Items(properties);
        items.clear(size);
        long[] cap = new long[properties];
        long[] res = new long[properties];
        for (int m = 0; m < size; m++) {
            for (int i = 0; i < properties; i++) {
                cap[i] = capacity[m * properties + i];
                res[i] = reserved[m * properties + i];
            }
            items.add(m, cap, res);
        }
        Budget nodes = new Budget(budget);
        BestSubsetSearch.Best best = BestSubsetSearch.maximise(items, totals, n, incumbent, nodes);
        return new Result(best.positions(), best.value(), best.upperBound(), best.proven(), nodes.used());
    }
}
