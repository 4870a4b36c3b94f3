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
     * read from the free intervals Phase III derived (counted incrementally over ascending start times), T_ij^t is scanned only for free candidates, and when fewer
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
        int free = 0;
        if (countFree(segments, count, t, request.earliest()) < request.count()) {
            size = freeCount;                           // R_a too small: only its size is needed
            return;
        }
        for (int k = 0; k < count; k++) {
            if (freeUntil[k] >= t) {                    // A_j^s(t) = 1
                cursor[k] = segments.segmentOf(k, t, cursor[k]);
                candidate[free++] = k;
            }
        }
        size = free;
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

    // The free-candidate count, kept from one start time to the next by the intervals' begin and end events:
    // in ascending order of start times (EARLIEST) intervals begin at lo and end after hi, in descending order
    // (LATEST, the closest free interval before a window) they begin at hi and end before lo. Recounting from
    // scratch at each start time instead costs O(intervals) per start time, which on full books, where a
    // closest-free search tries thousands of start times over thousands of intervals, was most of a decision.
    private StartTimeCandidates counted;
    private long countedAt;
    private int countedVersion;
    private boolean descending;
    private int[] byLo = new int[0];
    private int[] byHi = new int[0];
    private int nextLo;
    private int nextHi;
    private int freeCount;
    private long[] freeUntil = new long[0];
    /** The sort keys of {@link #sortedBy}, kept for the next count. */
    private long[] packed = new long[0];

    /**
     * The number of candidates with A_j^s(t) = 1, leaving freeUntil[k] >= t exactly for them. Start times
     * usually move in one direction, so the events are consumed in order: ascending from the first start time
     * after new segments, descending once a start time is smaller than the previous one (and until the next
     * one is larger, which starts the count afresh).
     */
    private int countFree(StartTimeCandidates segments, int count, long t, long earliest) {
        boolean fresh = counted != segments || countedVersion != segments.version;
        if (fresh) {
            if (packed.length < segments.intervals) {
                packed = new long[segments.intervals];
            }
            byLo = sortedBy(segments.intervalLo, segments.intervals, byLo, packed, earliest);
            byHi = sortedBy(segments.intervalHi, segments.intervals, byHi, packed, earliest);
            counted = segments;
            countedVersion = segments.version;
        }
        boolean down = !fresh && t < countedAt;
        if (fresh || down != descending && (down || t > countedAt)) {
            descending = down;
            nextLo = 0;
            nextHi = 0;
            freeCount = 0;
            if (freeUntil.length < count) {
                freeUntil = new long[count];
            }
            java.util.Arrays.fill(freeUntil, 0, count, Long.MIN_VALUE);
        }
        countedAt = t;
        return descending ? countDescending(segments, t) : countAscending(segments, t);
    }

    private int countAscending(StartTimeCandidates segments, long t) {
        int n = segments.intervals;
        while (nextLo < n && segments.intervalLo[byLo[nextLo]] <= t) {
            int interval = byLo[nextLo++];
            freeUntil[segments.intervalCandidate[interval]] = segments.intervalHi[interval];
            freeCount++;
        }
        while (nextHi < n && segments.intervalHi[byHi[nextHi]] < t) {
            int interval = byHi[nextHi++];
            int k = segments.intervalCandidate[interval];
            if (freeUntil[k] == segments.intervalHi[interval]) {
                freeUntil[k] = Long.MIN_VALUE;
            }
            freeCount--;
        }
        return freeCount;
    }

    /** As {@link #countAscending}, walking the sorted events from their end: hi >= t begins, lo > t ends. */
    private int countDescending(StartTimeCandidates segments, long t) {
        int n = segments.intervals;
        while (nextHi < n && segments.intervalHi[byHi[n - 1 - nextHi]] >= t) {
            int interval = byHi[n - 1 - nextHi++];
            freeUntil[segments.intervalCandidate[interval]] = segments.intervalHi[interval];
            freeCount++;
        }
        while (nextLo < n && segments.intervalLo[byLo[n - 1 - nextLo]] > t) {
            int interval = byLo[n - 1 - nextLo++];
            int k = segments.intervalCandidate[interval];
            if (freeUntil[k] == segments.intervalHi[interval]) {
                freeUntil[k] = Long.MIN_VALUE;
            }
            freeCount--;
        }
        return freeCount;
    }

    /** The interval indices 0..n sorted by key ascending (keys >= earliest; the order of ties is irrelevant). */
    private static int[] sortedBy(long[] key, int n, int[] into, long[] packed, long earliest) {
        int[] order = into.length >= n ? into : new int[n];
        long span = 0;
        for (int q = 0; q < n; q++) {
            span = Math.max(span, key[q] - earliest);
        }
        if (n < (1 << 20) && span < (1L << 43)) {
            for (int q = 0; q < n; q++) {
                packed[q] = (key[q] - earliest) << 20 | q;
            }
            java.util.Arrays.sort(packed, 0, n);
            for (int q = 0; q < n; q++) {
                order[q] = (int) (packed[q] & ((1 << 20) - 1));
            }
            return order;
        }
        for (int q = 0; q < n; q++) {
            order[q] = q;
            packed[q] = -key[q];
        }
        IndexSort.descending(order, packed, n);   // descending by -key: ascending by key
        return order;
    }

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

    private static final double SCORE_SCALE = 1 << 30;

    /**
     * False when no R_s of N members can reach the totals of several properties at once, by a bound the
     * per-property test of {@link #largestCanReach} misses (it sums each property over a different top N): for an
     * admissible R_s and any set Q of properties with d_i > 0, sum over R_s of sum over Q of min(a_ij, d_i) / d_i
     * is at least |Q|, so the N largest such scores of R_a must reach |Q|. Scores are rounded up (fixed point),
     * which only weakens the bound: a set this rejects is never admissible. Sets Q: every set of two or more
     * properties for up to four properties, otherwise all of them.
     */
    boolean jointlyCanReach(ResolvedRequest request) {
        int n = request.count();
        if (size < n) {
            return false;
        }
        if (column.length < size) {
            column = new long[size];
        }
        int p = properties;
        if (p > 4) {
            return topScoresReach(request, -1L);                       // all properties
        }
        for (int set = 3; set < 1 << p; set++) {
            if (Integer.bitCount(set) >= 2 && !topScoresReach(request, set)) {
                return false;
            }
        }
        return true;
    }

    /** The test of {@link #jointlyCanReach} for the properties in {@code set} (bit i: property i). */
    private boolean topScoresReach(ResolvedRequest request, long set) {
        long[] d = request.totals();
        int p = properties;
        java.util.Arrays.fill(column, 0, size, 0L);
        int weighted = 0;
        for (int i = 0; i < p; i++) {
            if ((set >>> i & 1) == 0 || d[i] <= 0) {
                continue;
            }
            weighted++;
            for (int m = 0; m < size; m++) {
                double share = (double) Math.min(available[m * p + i], d[i]) / d[i];
                column[m] += (long) Math.ceil(share * SCORE_SCALE) + 1;
            }
        }
        return weighted < 2 || TopSum.ofLargest(column, size, request.count()) >= (long) (weighted * SCORE_SCALE);
    }

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
