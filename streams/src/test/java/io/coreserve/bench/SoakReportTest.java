package io.coreserve.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The soak's summary says how far behind the pipeline fell at most and at the end, in records and in seconds. */
class SoakReportTest {

    private static final Percentiles LATENCY = new Percentiles(60_000, 250.0, 900.0, 1_000.0);
    private static final CpuWatch.Reading CPU = new CpuWatch.Reading(0.9, 0.1, 0.7, 2.5);

    @Test
    void shouldSummariseTheLargestAndTheLastBacklogAtTheOfferedRate() {
        SoakBenchmark.Result result = result(1_000, List.of(interval(60, 194), interval(120, 9_203),
                interval(180, 2_332)));

        assertThat(SoakReport.backlogs(result)).isEqualTo("9,203 / 2,332 (9.2 / 2.3 s)");
        String printed = print(result);
        String summary = printed.lines().filter(line -> line.startsWith("| 1000 |")).findFirst().orElseThrow();
        assertThat(summary).contains("| 9,203 / 2,332 (9.2 / 2.3 s) |");
        assertThat(printed).contains("backlog most / last row (seconds of input)");
    }

    @Test
    void shouldSayNothingWasMeasuredWithoutRows() {
        assertThat(SoakReport.backlogs(result(1_000, List.of()))).isEqualTo("-");
        assertThat(SoakReport.backlogs(result(0, List.of(interval(60, 5))))).isEqualTo("5 / 5 (- / - s)");
    }

    private static SoakBenchmark.Interval interval(double seconds, long backlog) {
        return new SoakBenchmark.Interval(seconds, 60_000, 60_000, 1_000.0, LATENCY, 0.7, backlog, backlog, CPU);
    }

    private static SoakBenchmark.Result result(int rate, List<SoakBenchmark.Interval> intervals) {
        return new SoakBenchmark.Result("test", 5, 200_000, 186.0, 800.0, 1_000.0, Map.of(), rate, intervals,
                180_000, 180_000, 0, 999.5, LATENCY, Map.of(), null, null);
    }

    private static String print(SoakBenchmark.Result result) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SoakReport.print(result, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
