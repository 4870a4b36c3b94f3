package io.coreserve.engine.timetable;

import java.util.Arrays;

/**
 * Working rows of decoded breakpoints, shared by the timetables of one store (a store is used by one thread at
 * a time). Row 0 holds the block's base (the amounts reserved just before its first breakpoint); rows 1..n hold
 * the breakpoints: {@code times[r]} and the amounts reserved from then on at {@code levels[r * p + i]}.
 */
final class DecodedRows {

    final int properties;
    long[] times = new long[0];
    long[] levels = new long[0];
    byte[] encoded = new byte[0];

    DecodedRows(int properties) {
        this.properties = properties;
        ensureRows(BlockCodec.MAX_BREAKPOINTS * 2 + 4);
    }

    /** Makes room for rows 0..rows-1, keeping the current content. */
    void ensureRows(int rows) {
        if (times.length < rows) {
            int capacity = Math.max(rows, times.length * 2);
            times = Arrays.copyOf(times, capacity);
            levels = Arrays.copyOf(levels, capacity * properties);
        }
    }

    /** Makes room for {@code bytes} encoded bytes (content not kept). */
    byte[] encodeBuffer(int bytes) {
        if (encoded.length < bytes) {
            encoded = new byte[Math.max(bytes, encoded.length * 2)];
        }
        return encoded;
    }

    /** Opens a gap at row r (1 <= r <= n + 1) holding a copy of row r - 1 at time t; returns n + 1. */
    int insertRow(int n, int r, long t) {
        ensureRows(n + 2);
        int p = properties;
        System.arraycopy(times, r, times, r + 1, n + 1 - r);
        System.arraycopy(levels, r * p, levels, (r + 1) * p, (n + 1 - r) * p);
        times[r] = t;
        System.arraycopy(levels, (r - 1) * p, levels, r * p, p);
        return n + 1;
    }

    /** Removes row r (1 <= r <= n); returns n - 1. */
    int removeRow(int n, int r) {
        int p = properties;
        System.arraycopy(times, r + 1, times, r, n - r);
        System.arraycopy(levels, (r + 1) * p, levels, r * p, (n - r) * p);
        return n - 1;
    }

    /** True when row r (r >= 1) reserves the same amounts as the row before it, i.e. is no breakpoint at all. */
    boolean isRedundant(int r) {
        int p = properties;
        return Arrays.equals(levels, r * p, r * p + p, levels, (r - 1) * p, r * p);
    }

    /** Adds sign * amounts to rows [from, to). */
    void add(int from, int to, long[] amounts, int sign) {
        int p = properties;
        for (int r = from; r < to; r++) {
            for (int i = 0; i < p; i++) {
                levels[r * p + i] += sign * amounts[i];
            }
        }
    }

    /** The first row r in 1..n with times[r] >= t, or n + 1. */
    int firstAtOrAfter(int n, long t) {
        int lo = 1;
        int hi = n;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (times[mid] < t) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** The last row r in 0..n with r == 0 or times[r] <= t: the row whose segment contains t. */
    int segmentAt(int n, long t) {
        return t == Long.MAX_VALUE ? n : firstAtOrAfter(n, t + 1) - 1;
    }

    /** Ensures a breakpoint at t among rows 1..n (a copy of the amounts before t); returns its row, n in out[0]. */
    int ensureBreakpoint(int n, long t, int[] count) {
        int r = firstAtOrAfter(n, t);
        if (r <= n && times[r] == t) {
            count[0] = n;
            return r;
        }
        count[0] = insertRow(n, r, t);
        return r;
    }
}
