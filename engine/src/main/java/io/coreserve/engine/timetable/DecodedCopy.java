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

    /** Bytes the arrays hold (the hour index counted at its most, {@link #MAX_HOURS_PER_ROW} ints a row). */
    long bytes() {
        return 8L * times.length * (1 + properties) + 4L * MAX_HOURS_PER_ROW * times.length;
    }

    /** Bytes a new copy of {@code rows} rows holds. */
    static long bytesFor(int properties, int rows) {
        return (8L * (1 + properties) + 4L * MAX_HOURS_PER_ROW) * (rows + Math.max(16, rows >> 3));
    }

    /**
     * The hour index: {@code hourRow[h]} is the row whose segment holds the start of hour {@code firstHour + h}, for
     * the hours from the first breakpoint's to the last one's. A search asks for the segment holding a time
     * thousands of times per decision on full books (each candidate's piece of each stretch), and a binary search
     * over thousands of rows was a sixth of the pipeline's thread, waiting on memory at every step; between the rows
     * of an hour's start and the next hour's it is a search over a few rows that lie side by side. Kept up to date
     * by {@link #add} (a row inserted or removed moves the hours after it by one; a row after the last hour grows
     * the index, see {@link #appendHours}), made afresh when a breakpoint falls before its hours, and not made at all
     * when the hours are many for the rows (sparse books far apart: the binary search then).
     */
    private int[] hourRow;
    private long firstHour;
    private int hours;
    private boolean indexStale = true;
    /** Hours per row above which no index is made: bounds its memory by that of the rows (see {@link #bytes}). */
    static final int MAX_HOURS_PER_ROW = 2;

    /** The row whose segment contains t (0: before the first breakpoint). */
    int segmentAt(long t) {
        // The ends at once: a search past a timetable's last breakpoint (the books' far end, where a closest-free
        // search after a window spends much of its days) lies outside the hour index, and a binary search over all
        // the rows for it was a sixth of the stream thread in a soak on full books (flight recording).
        if (count == 0 || t < times[1]) {
            return 0;
        }
        if (t >= times[count]) {
            return count;
        }
        if (indexStale) {
            index();
        }
        if (hourRow != null) {
            long h = Math.floorDiv(t, RunIndex.BUCKET) - firstHour;
            if (h >= 0 && h < hours) {
                // Between the rows of the hour's start and the next one's (searches often ask for the millisecond
                // before an hour, the end of the hour before: a walk from its start would cross it all).
                int lo = hourRow[(int) h];
                return binarySearch(t, lo + 1, h + 1 < hours ? hourRow[(int) h + 1] : count);
            }
        }
        return binarySearch(t, 1, count);
    }

    /** The last row in [lo - 1, hi] with a time <= t, where row lo - 1's time is <= t (row 0's always is). */
    private int binarySearch(long t, int lo, int hi) {
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

    /** Makes the hour index afresh from the rows (or none, when there are too many hours for them). */
    private void index() {
        indexStale = false;
        hourRow = null;
        if (count == 0) {
            return;
        }
        long first = Math.floorDiv(times[1], RunIndex.BUCKET);
        long span = Math.floorDiv(times[count], RunIndex.BUCKET) - first + 1;
        if (span > (long) MAX_HOURS_PER_ROW * times.length) {
            return;
        }
        firstHour = first;
        hours = (int) span;
        hourRow = new int[hours];
        int r = 0;
        for (int h = 0; h < hours; h++) {
            long start = (firstHour + h) * RunIndex.BUCKET;
            while (r < count && times[r + 1] <= start) {
                r++;
            }
            hourRow[h] = r;
        }
    }

    /** Row r, starting at t, was inserted ({@code shift} 1) or removed (-1): the hours from t on move with it. */
    private void shiftHours(long t, int shift) {
        if (indexStale || hourRow == null) {
            indexStale = true;                                 // made afresh at the next question
            return;
        }
        long h = Math.floorDiv(t, RunIndex.BUCKET) - firstHour;
        if (shift > 0 && h >= hours && h < (long) MAX_HOURS_PER_ROW * times.length) {
            appendHours((int) h, t);
            return;
        }
        if (h < 0 || h >= hours) {
            indexStale = true;                                 // outside the hours kept: make them afresh
            return;
        }
        // Hours starting at or after t hold one row more (or fewer) at or before their start. The hour holding t
        // starts before t, or at it.
        int from = (int) h + (t == (firstHour + h) * RunIndex.BUCKET ? 0 : 1);
        for (int k = from; k < hours; k++) {
            hourRow[k] += shift;
        }
    }

    /**
     * A row was inserted at t, in hour h after the hours kept (so it is the last row: t is after every breakpoint):
     * the index grows to hour h instead of being made afresh. On full books new reservations keep landing after a
     * timetable's last breakpoint (where time has just moved the books' far end), and making the index afresh each
     * time was 7 % of the pipeline's stream thread.
     */
    private void appendHours(int h, long t) {
        if (h >= hourRow.length) {
            int most = MAX_HOURS_PER_ROW * times.length;        // what bytes() counts
            hourRow = Arrays.copyOf(hourRow, Math.max(h + 1, Math.min(most, hourRow.length + (hourRow.length >> 1))));
        }
        for (int k = hours; k <= h; k++) {
            // Hours starting before t are held by the row before it, the one starting at t by the new row.
            hourRow[k] = (firstHour + k) * RunIndex.BUCKET >= t ? count : count - 1;
        }
        hours = h + 1;
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
        shiftHours(t, 1);
        return grow;
    }

    private void removeIfRedundant(int r) {
        int p = properties;
        if (r >= 1 && r <= count && Arrays.equals(levels, r * p, r * p + p, levels, (r - 1) * p, r * p)) {
            long t = times[r];
            System.arraycopy(times, r + 1, times, r, count - r);
            System.arraycopy(levels, (r + 1) * p, levels, r * p, (count - r) * p);
            count--;
            shiftHours(t, -1);
        }
    }
}
