package io.coreserve.bench;

import java.util.Arrays;
import java.util.Collection;

/** p50, p99 and max of a sample, in milliseconds (nearest-rank percentiles). */
public record Percentiles(int count, double p50, double p99, double max) {

    public static final Percentiles NONE = new Percentiles(0, Double.NaN, Double.NaN, Double.NaN);

    /** From samples in nanoseconds. */
    public static Percentiles ofNanos(Collection<Long> nanos) {
        if (nanos.isEmpty()) {
            return NONE;
        }
        long[] sorted = nanos.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(sorted);
        return new Percentiles(sorted.length, millis(rank(sorted, 0.50)), millis(rank(sorted, 0.99)),
                millis(sorted[sorted.length - 1]));
    }

    private static long rank(long[] sorted, double q) {
        int index = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }

    private static double millis(long nanos) {
        return Math.round(nanos / 10_000.0) / 100.0;
    }
}
