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

    /** What was added, ascending and disjoint, touching intervals joined. */
    long[] union() {
        return union(pairs, count);
    }

    /** The union of the first {@code count / 2} [lo, hi] pairs, ascending and disjoint, touching ones joined. */
    static long[] union(long[] pairs, int count) {
        if (count == 0) {
            return NONE;
        }
        int n = count / 2;
        Integer[] order = new Integer[n];
        for (int k = 0; k < n; k++) {
            order[k] = k;
        }
        Arrays.sort(order, (x, y) -> Long.compare(pairs[x * 2], pairs[y * 2]));
        long[] out = new long[count];
        int written = 0;
        for (int k : order) {
            long lo = pairs[k * 2];
            long hi = pairs[k * 2 + 1];
            if (written > 0 && (out[written - 1] == Long.MAX_VALUE || lo <= out[written - 1] + 1)) {
                out[written - 1] = Math.max(out[written - 1], hi);          // overlapping or touching
            } else {
                out[written++] = lo;
                out[written++] = hi;
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
