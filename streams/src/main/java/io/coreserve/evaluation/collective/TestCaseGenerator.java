package io.coreserve.evaluation.collective;

import io.coreserve.catalogue.Table1Distribution;

import io.coreserve.engine.model.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The test cases of section 4.2, seeded. For every N and case:
 *
 * <ul>
 *   <li>t_res uniform from {10 min, 30 min, 1 h, 2 h, 3 h, 5 h};</li>
 *   <li>t_e uniform in [0 h, 5 h 50 min] and t_l + t_res uniform in [18 h 10 min, 24 h], both in whole minutes
 *       (so t_l >= t_e always);</li>
 *   <li>d_i uniform in interval (4), [N(p̄_i - 2σ_i), N(p̄_i + 0.5σ_i)], with p̄_i and σ_i from Table 1. For the
 *       cores the lower end is negative (2.90 - 2 * 1.51 < 0). The paper draws from the whole interval and says
 *       nothing about negative draws; a negative total is no requirement at all, so it becomes d_i = 0 (about 3 %
 *       of the cases). Drawing from [0, N(p̄_i + 0.5σ_i)] instead would shift every cores total upwards;</li>
 *   <li>the simple request has e_i = d_i / N, the collective one e_i = d_i / (2N); both require the label
 *       {@link CollectiveInstance#OPTERON} (AMD Opteron nodes).</li>
 * </ul>
 */
public final class TestCaseGenerator {

    public static final long MINUTE = 60_000L;
    public static final long HOUR = 60 * MINUTE;
    public static final long[] DURATIONS = {10 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 3 * HOUR, 5 * HOUR};
    public static final int[] COUNTS = {2, 5, 10, 15, 30, 60};
    public static final long EARLIEST_MAX = 5 * HOUR + 50 * MINUTE;
    public static final long FINISH_MIN = 18 * HOUR + 10 * MINUTE;
    public static final long FINISH_MAX = 24 * HOUR;

    private TestCaseGenerator() {
    }

    /** {@code cases} test cases for each N of {@code counts}, in N order. */
    public static List<TestCase> generate(int[] counts, int cases, long seed) {
        List<TestCase> all = new ArrayList<>(counts.length * cases);
        for (int n : counts) {
            SplittableRandom random = new SplittableRandom(seed * 1_000_003L + n);
            for (int c = 0; c < cases; c++) {
                all.add(generate(n, c, random));
            }
        }
        return all;
    }

    static TestCase generate(int n, int index, SplittableRandom random) {
        long duration = DURATIONS[random.nextInt(DURATIONS.length)];
        long earliest = MINUTE * random.nextLong(EARLIEST_MAX / MINUTE + 1);
        long finish = FINISH_MIN + MINUTE * random.nextLong((FINISH_MAX - FINISH_MIN) / MINUTE + 1);
        long latest = finish - duration;
        Request.Builder simple = Request.builder("n" + n + "-c" + index + "-simple", "evaluation")
                .duration(duration).count(n).window(earliest, latest).label(CollectiveInstance.OPTERON);
        Request.Builder collective = Request.builder("n" + n + "-c" + index + "-collective", "evaluation")
                .duration(duration).count(n).window(earliest, latest).label(CollectiveInstance.OPTERON);
        for (Table1Distribution.PropertyStatistics row : Table1Distribution.rows()) {
            double low = n * (row.mean() - 2 * row.stdDev());
            double high = n * (row.mean() + 0.5 * row.stdDev());
            double d = Math.max(0, low + (high - low) * random.nextDouble());
            simple.total(row.name(), d).perResource(row.name(), d / n);
            collective.total(row.name(), d).perResource(row.name(), d / (2.0 * n));
        }
        return new TestCase(n, index, simple.build(), collective.build());
    }
}
