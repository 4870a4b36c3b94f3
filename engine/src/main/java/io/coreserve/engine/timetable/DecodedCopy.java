package io.coreserve.engine.timetable;

import java.util.Arrays;

/**
 * A whole timetable decoded (see {@link DecodedCache}): rows 0..count as in {@link DecodedRows}, row 0 what is
 * reserved before the first breakpoint. A reservation or release is applied to it as to the encoded blocks (the
 * same breakpoints made, amounts added, breakpoints that change nothing removed), so a booking costs a few array
 * copies here instead of decoding the whole timetable again at the next search.
 */
final class DecodedCopy {

    private final int properties;
    long[] times;
    long[] levels;
    int count;

    DecodedCopy(int properties, int rows) {
        this.properties = properties;
        int capacity = rows + Math.max(16, rows >> 3);
        this.times = new long[capacity];
        this.levels = new long[capacity * properties];
    }

    /** Bytes the arrays hold. */
    long bytes() {
        return 8L * times.length * (1 + properties);
    }

    /** Bytes a new copy of {@code rows} rows holds. */
    static long bytesFor(int properties, int rows) {
        return 8L * (rows + Math.max(16, rows >> 3)) * (1 + properties);
    }

    /** The row whose segment contains t (0: before the first breakpoint). */
    int segmentAt(long t) {
        int lo = 1;
        int hi = count;
        while (lo <= hi) {                                     // last row with a time <= t
            int mid = (lo + hi) >>> 1;
            if (times[mid] <= t) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return hi;
    }

    /** Adds {@code sign * amounts} on [from, to), keeping the rows canonical; true when the arrays grew. */
    boolean add(long from, long to, long[] amounts, int sign) {
        boolean grew = false;
        int rFrom = segmentAt(from - 1) + 1;                   // first row with a time >= from
        if (rFrom > count || times[rFrom] != from) {
            grew |= insert(rFrom, from);
        }
        int rTo = segmentAt(to - 1) + 1;
        if (rTo > count || times[rTo] != to) {
            grew |= insert(rTo, to);
        }
        int p = properties;
        for (int r = rFrom; r < rTo; r++) {
            for (int i = 0; i < p; i++) {
                levels[r * p + i] += sign * amounts[i];
            }
        }
        removeIfRedundant(rTo);
        removeIfRedundant(rFrom);
        return grew;
    }

    private boolean insert(int r, long t) {
        int p = properties;
        boolean grow = count + 2 > times.length;
        if (grow) {
            int capacity = times.length + (times.length >> 1) + 16;
            times = Arrays.copyOf(times, capacity);
            levels = Arrays.copyOf(levels, capacity * p);
        }
        System.arraycopy(times, r, times, r + 1, count + 1 - r);
        System.arraycopy(levels, r * p, levels, (r + 1) * p, (count + 1 - r) * p);
        times[r] = t;
        System.arraycopy(levels, (r - 1) * p, levels, r * p, p);
        count++;
        return grow;
    }

    private void removeIfRedundant(int r) {
        int p = properties;
        if (r >= 1 && r <= count && Arrays.equals(levels, r * p, r * p + p, levels, (r - 1) * p, r * p)) {
            System.arraycopy(times, r + 1, times, r, count - r);
            System.arraycopy(levels, (r + 1) * p, levels, r * p, (count - r) * p);
            count--;
        }
    }
}
