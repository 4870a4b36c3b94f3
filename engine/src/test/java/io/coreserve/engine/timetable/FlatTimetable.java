package io.coreserve.engine.timetable;

import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * The reference model of {@link Timetable} for differential tests (the engine's first, uncompressed timetable):
 * the timetables T_ij(t) of one resource R_j for all its properties P_i (section 2): step functions of the
 * reserved amount over time, in micro-units (see {@code model.Quantity}).
 *
 * <p>All properties share one sorted array of breakpoints, and the values are one flat array with
 * {@code values[k * properties + i]} the amount of property i reserved on {@code [times[k], times[k+1])}.
 * Before the first breakpoint and from the last one on, nothing is reserved. The representation is
 * canonical: two neighbouring segments never hold the same amounts, so releasing a reservation restores the
 * arrays exactly. Per breakpoint it costs 8 + 8 * properties bytes; queries are a binary search plus a scan
 * of the breakpoints inside the queried interval. Intervals are half-open, [from, to).
 *
 * <p>Not thread-safe.
 */
public final class FlatTimetable {

    private static final long[] NONE = new long[0];
    /** Shared zeros for the segment before the first breakpoint; visitors must not change it. */
    private static final long[] NOTHING_RESERVED = new long[64];

    private final int properties;
    private long[] times = NONE;
    private long[] values = NONE;
    private int size;

    public FlatTimetable(int properties) {
        if (properties <= 0) {
            throw new IllegalArgumentException("properties must be positive");
        }
        this.properties = properties;
    }

    public int properties() {
        return properties;
    }

    /** Number of breakpoints. */
    public int breakpoints() {
        return size;
    }

    /** The maximum reserved amount of each property over [from, to): T_ij^t of Phase IV. */
    public void maxReserved(long from, long to, long[] out) {
        Arrays.fill(out, 0, properties, 0L);
        int k = Math.max(segmentAt(from), 0);
        for (; k < size && times[k] < to; k++) {
            int base = k * properties;
            for (int i = 0; i < properties; i++) {
                out[i] = Math.max(out[i], values[base + i]);
            }
        }
    }

    /** The minimum reserved amount of each property over [from, to). */
    public void minReserved(long from, long to, long[] out) {
        int k = segmentAt(from);
        if (k < 0) {
            // Nothing is reserved before the first breakpoint (the last segment is empty too).
            Arrays.fill(out, 0, properties, 0L);
            return;
        }
        Arrays.fill(out, 0, properties, Long.MAX_VALUE);
        for (; k < size && times[k] < to; k++) {
            int base = k * properties;
            for (int i = 0; i < properties; i++) {
                out[i] = Math.min(out[i], values[base + i]);
            }
        }
    }

    /** The reserved amount of one property at time t. */
    public long reservedAt(long t, int property) {
        int k = segmentAt(t);
        return k < 0 ? 0L : values[k * properties + property];
    }

    /**
     * Reports, in ascending order, each breakpoint b with from < b <= to at which the reserved amount of some
     * property drops, i.e. where some availability a_ij(t) increases (Phase III, line 6).
     */
    public void forEachAvailabilityIncrease(long from, long to, LongConsumer sink) {
        int k = segmentAt(from) + 1;
        for (; k < size && times[k] <= to; k++) {
            if (k > 0 && dropsAt(k)) {
                sink.accept(times[k]);
            }
        }
    }

    /**
     * Visits the segments overlapping [from, to) in ascending order. The first visited start is clipped to
     * {@code from}; the amounts are {@code reserved[offset .. offset + properties)}, valid only during the call.
     */
    public void forEachSegment(long from, long to, SegmentVisitor visitor) {
        int k = segmentAt(from);
        if (k < 0) {
            visitor.visit(from, properties <= NOTHING_RESERVED.length ? NOTHING_RESERVED : new long[properties], 0);
            k = 0;
        } else {
            visitor.visit(from, values, k * properties);
            k++;
        }
        for (; k < size && times[k] < to; k++) {
            visitor.visit(times[k], values, k * properties);
        }
    }

    /** Adds the amounts on [from, to). */
    public void reserve(long from, long to, long[] amounts) {
        checkInterval(from, to);
        for (int i = 0; i < properties; i++) {
            if (amounts[i] < 0) {
                throw new IllegalArgumentException("negative amount " + amounts[i]);
            }
        }
        add(from, to, amounts, 1);
    }

    /**
     * Subtracts the amounts on [from, to), restoring exactly the timetable as it was before the matching
     * {@link #reserve}. Fails, without a change, when less than the amounts is reserved somewhere in the
     * interval.
     */
    public void release(long from, long to, long[] amounts) {
        checkInterval(from, to);
        long[] min = new long[properties];
        minReserved(from, to, min);
        for (int i = 0; i < properties; i++) {
            if (amounts[i] < 0 || min[i] < amounts[i]) {
                throw new IllegalArgumentException("cannot release " + amounts[i] + " of property " + i
                        + " on [" + from + ", " + to + "): only " + min[i] + " reserved there");
            }
        }
        add(from, to, amounts, -1);
    }

    /** Frees unused array slack, e.g. after bulk loading. */
    public void trim() {
        times = Arrays.copyOf(times, size);
        values = Arrays.copyOf(values, size * properties);
    }

    /** A copy of the breakpoints, for tests and diagnostics. */
    public long[] times() {
        return Arrays.copyOf(times, size);
    }

    /** A copy of the segment values, for tests and diagnostics. */
    public long[] values() {
        return Arrays.copyOf(values, size * properties);
    }

    /** Index of the segment containing t (the last breakpoint <= t), or -1 when t precedes all. */
    private int segmentAt(long t) {
        int lo = 0;
        int hi = size - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (times[mid] <= t) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return hi;
    }

    private boolean dropsAt(int k) {
        int base = k * properties;
        for (int i = 0; i < properties; i++) {
            if (values[base + i] < values[base - properties + i]) {
                return true;
            }
        }
        return false;
    }

    private void add(long from, long to, long[] amounts, int sign) {
        int first = ensureBreakpoint(from);
        int end = ensureBreakpoint(to);
        for (int k = first; k < end; k++) {
            int base = k * properties;
            for (int i = 0; i < properties; i++) {
                values[base + i] += sign * amounts[i];
            }
        }
        // Only the two boundaries can have become redundant; the end first, so `first` stays valid.
        removeIfRedundant(end);
        removeIfRedundant(first);
    }

    /** Returns the index of the breakpoint at t, inserting one (same amounts as before t) if needed. */
    private int ensureBreakpoint(long t) {
        int k = segmentAt(t);
        if (k >= 0 && times[k] == t) {
            return k;
        }
        int at = k + 1;
        grow();
        System.arraycopy(times, at, times, at + 1, size - at);
        System.arraycopy(values, at * properties, values, (at + 1) * properties, (size - at) * properties);
        times[at] = t;
        for (int i = 0; i < properties; i++) {
            values[at * properties + i] = k < 0 ? 0L : values[k * properties + i];
        }
        size++;
        return at;
    }

    private void removeIfRedundant(int k) {
        int base = k * properties;
        for (int i = 0; i < properties; i++) {
            long before = k == 0 ? 0L : values[base - properties + i];
            if (values[base + i] != before) {
                return;
            }
        }
        System.arraycopy(times, k + 1, times, k, size - k - 1);
        System.arraycopy(values, (k + 1) * properties, values, base, (size - k - 1) * properties);
        size--;
    }

    private void grow() {
        if (size < times.length) {
            return;
        }
        int capacity = Math.max(4, size + (size >> 1));
        times = Arrays.copyOf(times, capacity);
        values = Arrays.copyOf(values, capacity * properties);
    }

    private static void checkInterval(long from, long to) {
        if (to <= from) {
            throw new IllegalArgumentException("empty interval [" + from + ", " + to + ")");
        }
    }
}
