package io.coreserve.engine.allocation;

import java.util.Arrays;

/**
 * Sets of times as [lo, hi] pairs (inclusive, in one long[]): collected in any order, then joined ({@link #union})
 * or cut from another set ({@link #subtract}). What {@link ClosestFreeMemory} remembers, what a search proved
 * ({@link NothingAdmissible}) and what Phase III leaves out ({@link StartTimeCandidates#exclude}) are such sets.
 */
final class TimeIntervals {

    static final long[] NONE = new long[0];

    private long[] pairs = new long[16];
    private int count;

    /** Adds [lo, hi] (lo <= hi). */
    void add(long lo, long hi) {
        if (count == pairs.length) {
            pairs = Arrays.copyOf(pairs, count * 2);
        }
        pairs[count++] = lo;
        pairs[count++] = hi;
    }

    boolean isEmpty() {
        return count == 0;
    }

    /**
     * The union of {@code a} and the parts of {@code b} inside [from, to] (each [lo, hi] pairs, ascending), made in
     * {@code into} (cleared first).
     */
    static long[] joinWithin(long[] a, long[] b, long from, long to, TimeIntervals into) {
        into.clear();
        for (int q = 0; q < a.length; q += 2) {
            into.add(a[q], a[q + 1]);
        }
        for (int q = firstEndingAtOrAfter(b, from) * 2; q < b.length && b[q] <= to; q += 2) {
            into.add(Math.max(b[q], from), Math.min(b[q + 1], to));
        }
        return into.isEmpty() ? NONE : into.union();
    }

    /**
     * The index of the first pair of {@code intervals} ([lo, hi] pairs, ascending, disjoint) that ends at or after
     * {@code t}, or the number of pairs: a binary search (a remembered proof or a class's count holds up to hundreds
     * of intervals, of which a window meets a few).
     */
    static int firstEndingAtOrAfter(long[] intervals, long t) {
        int lo = 0;
        int hi = intervals.length / 2 - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (intervals[mid * 2 + 1] < t) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** Forgets what was added, keeping the arrays for the next set. */
    void clear() {
        count = 0;
    }

    /** What was added, ascending and disjoint, touching intervals joined (working arrays kept for the next call). */
    long[] union() {
        int n = count / 2;
        if (begins.length < n) {
            begins = new long[pairs.length / 2];
            ends = new long[pairs.length / 2];
            joined = new long[pairs.length];
        }
        return union(pairs, count, begins, ends, joined);
    }

    /** {@link #union()}'s sorted begins and ends and its answer before the copy returned. */
    private long[] begins = NONE;
    private long[] ends = NONE;
    private long[] joined = NONE;

    /**
     * The union of the first {@code count / 2} [lo, hi] pairs, ascending and disjoint, touching ones joined.
     *
     * <p>The begins and the ends sorted apart (primitive sorts, no boxed order): a time is covered while more
     * intervals have begun than ended, and the k-th smallest end is never before the k-th smallest begin, so the
     * count never falls below zero. A begin at an end, or just after it, is taken first: the intervals then touch.
     * A closest-free search looks up the union of what hundreds of remembered searches proved; sorting their
     * intervals boxed was a tenth of the pipeline's stream thread on full books.
     */
    static long[] union(long[] pairs, int count) {
        return union(pairs, count, new long[count / 2], new long[count / 2], new long[count]);
    }

    /** As {@link #union(long[], int)}, sorting in {@code begins} and {@code ends} and joining in {@code out}. */
    private static long[] union(long[] pairs, int count, long[] begins, long[] ends, long[] out) {
        if (count == 0) {
            return NONE;
        }
        int n = count / 2;
        for (int k = 0; k < n; k++) {
            begins[k] = pairs[k * 2];
            ends[k] = pairs[k * 2 + 1];
        }
        Arrays.sort(begins, 0, n);
        Arrays.sort(ends, 0, n);
        int written = 0;
        int open = 0;
        long openedAt = 0;
        for (int i = 0, j = 0; j < n; ) {
            long end = ends[j];
            if (i < n && (begins[i] <= end || end != Long.MAX_VALUE && begins[i] == end + 1)) {
                if (open++ == 0) {
                    openedAt = begins[i];
                }
                i++;
            } else {
                if (--open == 0) {
                    out[written++] = openedAt;
                    out[written++] = end;
                }
                j++;
            }
        }
        return Arrays.copyOf(out, written);
    }

    /** The parts of {@code a} outside {@code b}: both [lo, hi] pairs, ascending and disjoint; so is the answer. */
    static long[] subtract(long[] a, long[] b) {
        long[] out = new long[a.length + b.length];
        int count = 0;
        int j = 0;
        for (int q = 0; q < a.length; q += 2) {
            long lo = a[q];
            long hi = a[q + 1];
            while (j < b.length && b[j + 1] < lo) {
                j += 2;                             // wholly before this interval (and so before the next ones)
            }
            boolean coveredToEnd = false;
            for (int e = j; e < b.length && b[e] <= hi; e += 2) {
                if (b[e] > lo) {
                    out[count++] = lo;
                    out[count++] = b[e] - 1;
                }
                if (b[e + 1] >= hi) {
                    coveredToEnd = true;
                    break;
                }
                lo = Math.max(lo, b[e + 1] + 1);
            }
            if (!coveredToEnd) {
                out[count++] = lo;
                out[count++] = hi;
            }
        }
        return Arrays.copyOf(out, count);
    }
}
