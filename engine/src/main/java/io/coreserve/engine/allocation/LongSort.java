package io.coreserve.engine.allocation;

import java.util.Arrays;

/**
 * Sorts longs ascending: by their least significant 11-bit digits in turn (a counting sort per digit) when there are
 * many and their range needs at most {@link #MAX_PASSES} digits, else by {@link Arrays#sort}.
 *
 * <p>Why: Phase III sorts the begin and end events of every candidate's free times to count where N or more are free
 * at once, and its start times, for every stretch of every search; on saturated books these sorts were a tenth of the
 * engine's time (a flight recording of the engine benchmark), mostly quicksort's small partitions. The events of a
 * stretch span hours to days in milliseconds (with the sign bit, 24 to 31 bits of range): three passes over the
 * array. Not thread-safe (its scratch arrays are kept): Phase III keeps its own.
 */
final class LongSort {

    private static final int BITS = 11;
    private static final int RADIX = 1 << BITS;
    private static final int MAX_PASSES = 3;
    /** Fewer values than this are sorted by {@link Arrays#sort} (its insertion sort wins on few). */
    static final int MIN_RADIX = 256;

    private long[] scratch = new long[0];
    private long[] kept = new long[0];
    private final int[] counts = new int[RADIX];

    /**
     * An array of at least {@code count} longs kept for the caller's values to sort (its content undefined; the same
     * array again at the next call, so use it before asking again). Phase III sorts a new set of events for every
     * stretch of every search: a new array each time was a sixth of the bytes the pipeline's stream thread allocated
     * on full books (a flight recording), which the collector's threads then spent CPU on, on the same two cores; the
     * engine benchmark on saturated books allocates 19 to 20 KB a decision with this, 28 to 29 KB without.
     */
    long[] values(int count) {
        if (kept.length < count) {
            kept = new long[Math.max(count, kept.length + (kept.length >> 1))];
        }
        return kept;
    }

    /** Sorts {@code values[0 .. count)} ascending. */
    void sort(long[] values, int count) {
        if (count < MIN_RADIX) {
            Arrays.sort(values, 0, count);
            return;
        }
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int k = 0; k < count; k++) {
            min = Math.min(min, values[k]);
            max = Math.max(max, values[k]);
        }
        long range = max - min;                             // as unsigned: max - min may pass Long.MAX_VALUE
        if (range < 0 || 64 - Long.numberOfLeadingZeros(range) > BITS * MAX_PASSES) {
            Arrays.sort(values, 0, count);
            return;
        }
        int passes = Math.max(1, (64 - Long.numberOfLeadingZeros(range) + BITS - 1) / BITS);
        if (scratch.length < count) {
            scratch = new long[Math.max(count, scratch.length * 2)];
        }
        long[] from = values;
        long[] to = scratch;
        for (int pass = 0; pass < passes; pass++) {
            int shift = pass * BITS;
            Arrays.fill(counts, 0);
            for (int k = 0; k < count; k++) {
                counts[(int) ((from[k] - min) >>> shift) & (RADIX - 1)]++;
            }
            int sum = 0;
            for (int d = 0; d < RADIX; d++) {
                int c = counts[d];
                counts[d] = sum;
                sum += c;
            }
            for (int k = 0; k < count; k++) {
                long v = from[k];
                to[counts[(int) ((v - min) >>> shift) & (RADIX - 1)]++] = v;
            }
            long[] swap = from;
            from = to;
            to = swap;
        }
        if (from != values) {
            System.arraycopy(from, 0, values, 0, count);
        }
    }
}
