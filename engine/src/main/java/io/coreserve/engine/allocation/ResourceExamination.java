package io.coreserve.engine.allocation;

import java.util.Arrays;

/**
 * Phase II (section 3.2): for each property, sort the candidates' capacities p_ij descending; the first N must
 * reach d_i, regardless of how the amounts are distributed and of the timetables.
 */
final class ResourceExamination {

    private ResourceExamination() {
    }

    /** The first property whose N largest capacities sum below d_i, or -1 when all can be reached. */
    static int unreachableProperty(CandidateSet candidates, ResolvedRequest request) {
        int n = request.count();
        int p = candidates.properties;
        long[] column = new long[candidates.size()];
        for (int i = 0; i < p; i++) {
            for (int k = 0; k < column.length; k++) {
                column[k] = candidates.capacity[k * p + i];
            }
            Arrays.sort(column);
            long sum = 0;
            for (int k = column.length - 1; k >= Math.max(0, column.length - n); k--) {
                sum += column[k];
            }
            if (column.length < n || sum < request.totals()[i]) {
                return i;
            }
        }
        return -1;
    }
}
