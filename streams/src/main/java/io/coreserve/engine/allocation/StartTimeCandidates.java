package io.coreserve.engine.allocation;

import io.coreserve.engine.timetable.TimetableView;
import java.util.Arrays;

/**
 * Phase III (section 3.3): the start-time candidates T.
 *
 * <p>For each candidate R_j, a_ij(t) = p_ij - T_ij(t) inside [t_e, t_l + t_res] and 0 outside (line 2);
 * A_j(t) = 1 when every a_ij(t) >= e_i (line 3); A_j^s(t) = 1 when A_j is 1 throughout [t, t + t_res) (line 4).
 * T holds the times t in [t_e, t_l] at which some a_ij of some R_j increases while A_j^s(t) = 1 (line 6). Since
 * a_ij jumps from 0 at t_e, t_e belongs to T when some resource is free enough from t_e on.
 *
 * <p>One sweep per resource over its timetable segments in [t_e, t_l + t_res): each segment is marked "short"
 * (A_j = 0) or not, and a backward pass gives the start of the next short segment, so A_j^s at a segment start
 * s is "next short segment starts at or after s + t_res".
 */
final class StartTimeCandidates {

    private long[] starts = new long[64];
    private boolean[] increases = new boolean[64];
    private long[] nextShort = new long[64];
    private int segments;

    /** T in ascending order (EARLIEST) or the latest-start candidates in descending order (LATEST). */
    long[] find(TimetableView timetables, CandidateSet candidates, ResolvedRequest request, SearchOrder order) {
        LongBag times = new LongBag();
        if (previous.length < candidates.properties) {
            previous = new long[candidates.properties];
        }
        for (int k = 0; k < candidates.size(); k++) {
            sweep(timetables, candidates, k, request);
            if (order == SearchOrder.EARLIEST) {
                addEarliestCandidates(request, times);
            } else {
                addLatestCandidates(request, times);
            }
        }
        long[] result = times.sortedDistinct();
        if (order == SearchOrder.LATEST) {
            reverse(result);
        }
        return result;
    }

    private void sweep(TimetableView timetables, CandidateSet candidates, int k, ResolvedRequest request) {
        int p = candidates.properties;
        long[] e = request.perResource();
        long end = request.latest() + request.duration();
        segments = 0;
        timetables.forEachSegment(candidates.resources[k], request.earliest(), end, (start, reserved, offset) -> {
            grow();
            boolean isShort = false;
            boolean increase = segments == 0;
            for (int i = 0; i < p; i++) {
                long value = reserved[offset + i];
                // Line 3: A_j(t) = 1 iff e_i <= a_ij(t) = p_ij - T_ij(t) for all i.
                isShort |= candidates.capacity[k * p + i] - value < e[i];
                if (segments > 0) {
                    increase |= value < previous[i];
                }
                previous[i] = value;
            }
            starts[segments] = start;
            increases[segments] = increase;
            nextShort[segments] = isShort ? start : Long.MAX_VALUE;
            segments++;
        });
        // Line 4, backward: nextShort[m] = start of the first short segment at or after m.
        for (int m = segments - 2; m >= 0; m--) {
            if (nextShort[m] == Long.MAX_VALUE) {
                nextShort[m] = nextShort[m + 1];
            }
        }
    }

    private long[] previous = new long[8];

    /** Line 6: segment starts in [t_e, t_l] where availability increases and A_j^s = 1. */
    private void addEarliestCandidates(ResolvedRequest request, LongBag times) {
        for (int m = 0; m < segments && starts[m] <= request.latest(); m++) {
            if (increases[m] && freeThroughout(m, starts[m], request.duration())) {
                times.add(starts[m]);
            }
        }
    }

    /**
     * For the latest start before a window (closest free interval): a feasible start can move later until its
     * end meets a drop in availability, so the candidates are t_l and the times t = b - t_res in [t_e, t_l]
     * where b starts a segment (a superset of the drops), filtered by A_j^s(t) = 1.
     */
    private void addLatestCandidates(ResolvedRequest request, LongBag times) {
        long duration = request.duration();
        addIfFree(request.latest(), duration, times);
        for (int m = 1; m < segments; m++) {
            long t = starts[m] - duration;
            if (t >= request.earliest() && t <= request.latest()) {
                addIfFree(t, duration, times);
            }
        }
    }

    private void addIfFree(long t, long duration, LongBag times) {
        int m = segmentOf(t);
        if (m >= 0 && freeThroughout(m, t, duration)) {
            times.add(t);
        }
    }

    private boolean freeThroughout(int segment, long t, long duration) {
        return nextShort[segment] - t >= duration;
    }

    private int segmentOf(long t) {
        int index = Arrays.binarySearch(starts, 0, segments, t);
        return index >= 0 ? index : -index - 2;
    }

    private void grow() {
        if (segments == starts.length) {
            int capacity = segments * 2;
            starts = Arrays.copyOf(starts, capacity);
            increases = Arrays.copyOf(increases, capacity);
            nextShort = Arrays.copyOf(nextShort, capacity);
        }
    }

    private static void reverse(long[] values) {
        for (int a = 0, b = values.length - 1; a < b; a++, b--) {
            long swap = values[a];
            values[a] = values[b];
            values[b] = swap;
        }
    }

    /** A growable bag of longs. */
    private static final class LongBag {
        private long[] items = new long[64];
        private int size;

        void add(long value) {
            if (size == items.length) {
                items = Arrays.copyOf(items, size * 2);
            }
            items[size++] = value;
        }

        long[] sortedDistinct() {
            Arrays.sort(items, 0, size);
            int distinct = 0;
            for (int k = 0; k < size; k++) {
                if (distinct == 0 || items[k] != items[distinct - 1]) {
                    items[distinct++] = items[k];
                }
            }
            return Arrays.copyOf(items, distinct);
        }
    }
}
