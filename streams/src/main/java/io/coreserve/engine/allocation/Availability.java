package io.coreserve.engine.allocation;

import io.coreserve.engine.timetable.TimetableView;

/**
 * Phase IV, lines 2-3, at one start time t: R_a, the candidates with A_j^s(t) = 1, and for each of them
 * T_ij^t = max over [t, t + t_res) of T_ij, a_ij^t = p_ij - T_ij^t and p_ij (arrays indexed {@code m * P + i}
 * by position m in R_a).
 */
final class Availability {

    final int properties;
    long start;
    int size;
    int[] candidate = new int[0];
    long[] available = new long[0];
    long[] reserved = new long[0];
    long[] capacity = new long[0];
    private final long[] scratch;

    Availability(int properties) {
        this.properties = properties;
        this.scratch = new long[properties];
    }

    /** Fills R_a at time t from the timetables. */
    void fill(TimetableView timetables, CandidateSet candidates, ResolvedRequest request, long t) {
        int p = properties;
        ensureCapacity(candidates.size());
        start = t;
        size = 0;
        long[] e = request.perResource();
        for (int k = 0; k < candidates.size(); k++) {
            timetables.maxReserved(candidates.resources[k], t, t + request.duration(), scratch);
            boolean free = true;
            for (int i = 0; i < p && free; i++) {
                free = candidates.capacity[k * p + i] - scratch[i] >= e[i];
            }
            if (free) {
                int base = size * p;
                for (int i = 0; i < p; i++) {
                    long cap = candidates.capacity[k * p + i];
                    capacity[base + i] = cap;
                    reserved[base + i] = scratch[i];
                    available[base + i] = cap - scratch[i];
                }
                candidate[size++] = k;
            }
        }
    }

    /**
     * Fills R_a at time t from the segments Phase III kept ({@link StartTimeCandidates#find} must have run for
     * the same candidates and request, and t must lie in [t_e, t_l]): the same R_a, in the same order and with
     * the same T_ij^t as {@link #fill(TimetableView, CandidateSet, ResolvedRequest, long)}, but A_j^s(t) is
     * read from the precomputed next short segment, T_ij^t is scanned only for free candidates, and when fewer
     * than N candidates are free only {@link #size} is set (R_a cannot hold an R_s then).
     */
    void fill(StartTimeCandidates segments, CandidateSet candidates, ResolvedRequest request, long t) {
        int p = properties;
        int count = candidates.size();
        ensureCapacity(count);
        if (cursor.length < count) {
            cursor = new int[count];
        }
        start = t;
        long end = t + request.duration();
        long[] starts = segments.starts;
        long[] nextShort = segments.nextShort;
        int free = 0;
        for (int k = 0; k < count; k++) {
            int m = segments.segmentOf(k, t, cursor[k]);
            cursor[k] = m;
            if (nextShort[m] - t >= request.duration()) {   // A_j^s(t) = 1
                candidate[free++] = k;
            }
        }
        size = free;
        if (free < request.count()) {
            return;
        }
        long[] values = segments.values;
        for (int q = 0; q < free; q++) {
            int k = candidate[q];
            int last = segments.first[k + 1];
            int base = q * p;
            for (int i = 0; i < p; i++) {
                reserved[base + i] = 0;
            }
            for (int m = cursor[k]; m < last && starts[m] < end; m++) {
                for (int i = 0; i < p; i++) {
                    reserved[base + i] = Math.max(reserved[base + i], values[m * p + i]);
                }
            }
            for (int i = 0; i < p; i++) {
                long cap = candidates.capacity[k * p + i];
                capacity[base + i] = cap;
                available[base + i] = cap - reserved[base + i];
            }
        }
    }

    private int[] cursor = new int[0];

    /**
     * False when for some property even the N largest a_ij^t of R_a sum below d_i: then no R_s of N members
     * is admissible at this start time (the same test as Phase II, on availabilities instead of capacities).
     */
    boolean largestCanReach(ResolvedRequest request) {
        int n = request.count();
        if (size < n) {
            return false;
        }
        if (column.length < size) {
            column = new long[size];
        }
        for (int i = 0; i < properties; i++) {
            long all = 0;
            for (int m = 0; m < size; m++) {
                column[m] = available[m * properties + i];
                all += column[m];
            }
            long d = request.totals()[i];
            if (all < d) {
                return false;
            }
            if (size > n && TopSum.ofLargest(column, size, n) < d) {
                return false;
            }
        }
        return true;
    }

    private long[] column = new long[0];

    long available(int member, int property) {
        return available[member * properties + property];
    }

    private void ensureCapacity(int n) {
        if (candidate.length < n) {
            candidate = new int[n];
            available = new long[n * properties];
            reserved = new long[n * properties];
            capacity = new long[n * properties];
        }
    }
}
