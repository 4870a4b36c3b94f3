package io.coreserve.bench;

import io.coreserve.engine.allocation.SearchStats;
import java.io.PrintStream;
import java.util.Locale;

/**
 * The measured decisions of an {@link EngineFillRun} by what each cost: per bucket of CPU time, how many decisions
 * and what share of the time, how many were accepted, their mean duration t_res, and what the closest-free searches
 * after and before the window did (Phase III's and Phase IV's time, start-time candidates |T| and start times
 * tried, per search that found a counter-offer; a search that found none leaves no statistics).
 *
 * <p>Why: the mean CPU time a decision on full books is what the soak's rate follows, and it is not the typical
 * decision's (p50 0.35 ms, mean 0.85 to 1.15 ms over decisions 400,001 to 460,000): a few percent of the decisions,
 * each 2 to 100 ms, take more than half of the time. This table says which ones.
 */
final class DecisionCostTable {

    /** Upper bounds of the buckets, ms; the last bucket has none. */
    static final double[] LIMITS_MS = {0.5, 1, 2, 5, 10, 20};

    private final Bucket[] buckets = new Bucket[LIMITS_MS.length + 1];

    DecisionCostTable() {
        for (int b = 0; b < buckets.length; b++) {
            buckets[b] = new Bucket();
        }
    }

    /** One decision: its CPU time, that of its closest-free searches, and their statistics (null: none found). */
    void add(long nanos, long closestNanos, boolean accepted, long durationMillis, SearchStats after,
            SearchStats before) {
        Bucket bucket = buckets[bucketOf(nanos)];
        bucket.count++;
        bucket.nanos += nanos;
        bucket.closestNanos += closestNanos;
        bucket.accepted += accepted ? 1 : 0;
        bucket.durationMillis += durationMillis;
        bucket.after.add(after);
        bucket.before.add(before);
    }

    static int bucketOf(long nanos) {
        int b = 0;
        while (b < LIMITS_MS.length && nanos >= LIMITS_MS[b] * 1e6) {
            b++;
        }
        return b;
    }

    void print(PrintStream out) {
        long count = 0;
        long nanos = 0;
        for (Bucket bucket : buckets) {
            count += bucket.count;
            nanos += bucket.nanos;
        }
        out.printf("%-10s %9s %7s %7s %8s %10s %9s %7s  %-36s  %s%n", "CPU ms", "decisions", "share", "time",
                "mean ms", "closest ms", "accepted", "t_res", "after: found, III ms, IV ms, |T|, tried",
                "before: found, III ms, IV ms, |T|, tried");
        for (int b = 0; b < buckets.length; b++) {
            Bucket bucket = buckets[b];
            if (bucket.count == 0) {
                continue;
            }
            out.printf(Locale.ROOT, "%-10s %9d %6.1f%% %6.1f%% %8.2f %10.2f %8.1f%% %5.1f m  %-36s  %s%n", label(b),
                    bucket.count, 100.0 * bucket.count / count, 100.0 * bucket.nanos / nanos,
                    bucket.nanos / 1e6 / bucket.count, bucket.closestNanos / 1e6 / bucket.count,
                    100.0 * bucket.accepted / bucket.count, bucket.durationMillis / 60_000.0 / bucket.count,
                    bucket.after.describe(bucket.count), bucket.before.describe(bucket.count));
        }
    }

    private static String label(int b) {
        return b == 0 ? "< " + format(LIMITS_MS[0])
                : b == LIMITS_MS.length ? ">= " + format(LIMITS_MS[b - 1])
                : format(LIMITS_MS[b - 1]) + "-" + format(LIMITS_MS[b]);
    }

    private static String format(double ms) {
        return ms == Math.rint(ms) ? Long.toString((long) ms) : Double.toString(ms);
    }

    private static final class Bucket {
        long count;
        long nanos;
        long closestNanos;
        long accepted;
        long durationMillis;
        final Searches after = new Searches();
        final Searches before = new Searches();
    }

    /** The closest-free searches on one side of the window that found a counter-offer. */
    private static final class Searches {
        long found;
        long startTimesNanos;
        long selectionNanos;
        long startTimeCandidates;
        long tried;

        void add(SearchStats stats) {
            if (stats == null) {
                return;
            }
            found++;
            startTimesNanos += stats.startTimesNanos();
            selectionNanos += stats.selectionNanos();
            startTimeCandidates += stats.startTimeCandidates();
            tried += stats.startTimesTried();
        }

        String describe(long decisions) {
            if (found == 0) {
                return "none";
            }
            return String.format(Locale.ROOT, "%5.1f%%, %6.2f, %5.2f, %5d, %5d", 100.0 * found / decisions,
                    startTimesNanos / 1e6 / found, selectionNanos / 1e6 / found, startTimeCandidates / found,
                    tried / found);
        }
    }
}
