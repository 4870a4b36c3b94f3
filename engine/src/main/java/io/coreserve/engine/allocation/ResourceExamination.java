package io.coreserve.engine.allocation;


/**
 * Phase II (section 3.2): for each property, sort the candidates' capacities p_ij descending; the first N must
 * reach d_i, regardless of how the amounts are distributed and of the timetables. (Only the sum of the first N is
 * used, so they are selected rather than sorted.)
 */
final class ResourceExamination {

    private ResourceExamination() {
    }

    /** The first property whose N largest capacities sum below d_i, or -1 when all can be reached. */
    static int unreachableProperty(CandidateSet candidates, ResolvedRequest request) {
        int n = request.count();
        int p = candidates.properties;
        int size = candidates.size();
        long[] column = candidates.column();
        for (int i = 0; i < p; i++) {
            for (int k = 0; k < size; k++) {
                column[k] = candidates.capacity[k * p + i];
            }
            // The sum of the N largest is all the sorted order gives: a selection, not a sort of ~600 per request.
            long sum = TopSum.ofLargest(column, size, n);
            if (size < n || sum < request.totals()[i]) {
                return i;
            }
        }
        return -1;
    }
}
