package io.coreserve.bench;

import io.coreserve.catalogue.Table1Distribution;
import io.coreserve.catalogue.Table1Distribution.PropertyStatistics;
import io.coreserve.events.CoAllocationRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The benchmark's requests: collective requests in the style of seed 000, section 4.2, but short and spread over
 * several days, so that a benchmark of tens of thousands of requests does not fill the books of 606 nodes.
 * <ul>
 *   <li>N fixed (5 by default);</li>
 *   <li>d_i uniform in [N(p̄_i - 2σ_i), N(p̄_i + 0.5σ_i)] with p̄_i, σ_i of Table 1 (the negative lower end of the
 *       cores interval cut at 0, as {@code TestCaseGenerator} does), e_i = d_i / (2N);</li>
 *   <li>t_res uniform in 1..10 minutes (whole minutes); t_e uniform over the spread (whole minutes, default 7 days
 *       from now); t_l = t_e + 1 hour.</li>
 * </ul>
 * With 606 Table 1 nodes (about 1,760 cores, 1,790 GB) that is on average about 9 cores and 11.6 GB for 5.5 min per
 * request: one day holds roughly 40,000 such requests before memory runs out (and counter-offers start well before,
 * at about 25,000, as fragments remain), so a spread of one day fills up within a closed-loop run of half a minute;
 * over 7 days the books stay below a fifth full for the ~50,000 requests of a default benchmark run and nearly
 * every request is accepted at its earliest start, which keeps the cost of a decision steady during the run.
 */
public final class BenchWorkload {

    private static final long MINUTE = 60_000L;
    public static final Duration DEFAULT_SPREAD = Duration.ofDays(7);
    private static final Duration WINDOW = Duration.ofHours(1);

    private final String prefix;
    private final int n;
    private final Duration spread;
    private final SplittableRandom random;
    private long next;

    public BenchWorkload(String prefix, int n, Duration spread, long seed) {
        this.prefix = prefix;
        this.n = n;
        this.spread = spread;
        this.random = new SplittableRandom(seed);
    }

    /** The next request, with a fresh id, submitted {@code now}. */
    public CoAllocationRequest next(Instant now) {
        Map<String, Double> totals = new LinkedHashMap<>();
        Map<String, Double> minimums = new LinkedHashMap<>();
        for (PropertyStatistics row : Table1Distribution.rows()) {
            double low = Math.max(0, n * (row.mean() - 2 * row.stdDev()));
            double high = n * (row.mean() + 0.5 * row.stdDev());
            double d = Math.rint((low + (high - low) * random.nextDouble()) * 1000) / 1000;
            totals.put(row.name(), d);
            minimums.put(row.name(), Math.rint(d / (2.0 * n) * 1000) / 1000);
        }
        long earliest = now.toEpochMilli() + MINUTE * random.nextLong(spread.toMinutes());
        return CoAllocationRequest.newBuilder()
                .setRequestId(prefix + "-" + next++)
                .setUser("bench-" + random.nextInt(50))
                .setDurationMillis(MINUTE * (1 + random.nextInt(10)))
                .setResourceCount(n)
                .setEarliestStart(Instant.ofEpochMilli(earliest))
                .setLatestStart(Instant.ofEpochMilli(earliest + WINDOW.toMillis()))
                .setMinimums(minimums)
                .setTotals(totals)
                .setSubmittedAt(now)
                .build();
    }
}
