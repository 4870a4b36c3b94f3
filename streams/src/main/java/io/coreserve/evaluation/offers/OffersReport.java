package io.coreserve.evaluation.offers;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.coreserve.evaluation.chart.LineChart;
import io.coreserve.evaluation.chart.Series;
import io.coreserve.evaluation.report.MarkdownTable;
import io.coreserve.offers.grid.Cluster;
import io.coreserve.offers.grid.Grid;
import io.coreserve.offers.job.JobLengthModel;
import io.coreserve.offers.policy.PolicyKind;
import io.coreserve.offers.simulation.ScheduleMetrics;
import io.coreserve.trace.swf.SwfTrace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/** Turns an {@link OffersEvaluationResult} into Markdown tables, JSON and PNG charts. */
public final class OffersReport {

    /** One chart per metric of seed 001's Figures 4 to 7, plus the usual makespan and the response time. */
    record Metric(String file, String title, String axis, ToDoubleFunction<ScheduleMetrics> value) {
    }

    static final List<Metric> METRICS = List.of(
            new Metric("makespan.png", "Makespan (last finish - first submit)", "makespan (hours)",
                    m -> m.makespanSeconds() / 3600.0),
            new Metric("paper-makespan.png", "Makespan as defined in seed 001 (sum of F_i - E_i)", "sum of run times (hours)",
                    m -> m.paperMakespanSeconds() / 3600.0),
            new Metric("waiting-time.png", "Average waiting time (E_i - S_i)", "mean wait (seconds)",
                    ScheduleMetrics::meanWaitSeconds),
            new Metric("response-time.png", "Average response time (F_i - S_i)", "mean response (seconds)",
                    ScheduleMetrics::meanResponseSeconds),
            new Metric("utilisation.png", "Resource utilisation rate (mean over clusters)", "utilisation (%)",
                    m -> 100 * m.meanUtilisation()),
            new Metric("load-balance.png", "Load balance: std. deviation of cluster utilisation", "std. dev. of utilisation (% points)",
                    m -> 100 * m.utilisationStdDev()));

    private OffersReport() {
    }

    /** One row per policy with every metric on all jobs, then the utilisation of each cluster. */
    public static String markdown(OffersEvaluationResult result, Grid grid) {
        MarkdownTable summary = new MarkdownTable("Policy", "Jobs", "Rejected", "Co-allocated", "Makespan (s)",
                "Sum of run times (s)", "Mean wait (s)", "Mean response (s)", "Mean utilisation", "Utilisation std dev")
                .alignRight(1, 2, 3, 4, 5, 6, 7, 8, 9);
        for (PolicyKind p : result.policies()) {
            ScheduleMetrics m = result.full(p);
            summary.row(p.name(), m.jobs(), m.rejected(), m.coAllocatedJobs(), m.makespanSeconds(), m.paperMakespanSeconds(),
                    fixed(m.meanWaitSeconds(), 1), fixed(m.meanResponseSeconds(), 1),
                    percent(m.meanUtilisation()), percent(m.utilisationStdDev()));
        }
        List<String> headers = new ArrayList<>(List.of("Policy"));
        for (Cluster c : grid.clusters()) {
            headers.add(c.name() + " (" + c.processors() + "p, " + c.mips() + " MIPS)");
        }
        MarkdownTable perCluster = new MarkdownTable(headers.toArray(String[]::new));
        int[] right = new int[grid.size()];
        for (int i = 0; i < right.length; i++) {
            right[i] = i + 1;
        }
        perCluster.alignRight(right);
        for (PolicyKind p : result.policies()) {
            List<Object> row = new ArrayList<>(List.of(p.name()));
            for (double u : result.full(p).utilisation()) {
                row.add(percent(u));
            }
            perCluster.row(row.toArray());
        }
        return summary.render() + "\nUtilisation per cluster:\n\n" + perCluster.render();
    }

    /** The JSON document of {@code --json}: the metrics on all jobs, the series, and what the reader did. */
    public static Map<String, Object> json(OffersEvaluationResult result, Grid grid, SwfTrace trace, Path swf,
                                           JobLengthModel lengths, double loadFactor) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("jobs", result.jobs());
        root.put("trace", traceJson(trace, swf));
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("referenceMips", lengths.referenceMips());
        settings.put("exactEstimates", lengths.exactEstimates());
        settings.put("loadFactor", loadFactor);
        settings.put("grid", grid.clusters().stream().map(c -> Map.of("name", c.name(), "processors", c.processors(), "mips", c.mips())).toList());
        root.put("settings", settings);
        Map<String, Object> policies = new LinkedHashMap<>();
        for (PolicyKind p : result.policies()) {
            Map<String, Object> m = metricsJson(result.full(p), grid);
            m.put("runSeconds", result.fullRunTime().getOrDefault(p, java.time.Duration.ZERO).toNanos() / 1e9);
            policies.put(p.name(), m);
        }
        root.put("policies", policies);
        Map<String, Object> series = new LinkedHashMap<>();
        series.put("jobCounts", result.jobCounts());
        for (PolicyKind p : result.policies()) {
            series.put(p.name(), result.series().get(p).stream().map(m -> metricsJson(m, grid)).toList());
        }
        root.put("series", series);
        root.put("elapsedSeconds", result.elapsed().toNanos() / 1e9);
        return root;
    }

    public static void writeJson(Map<String, Object> json, Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), json);
    }

    /** Writes one PNG per metric into {@code dir}; returns the files written. */
    public static List<Path> writeCharts(OffersEvaluationResult result, Path dir) throws IOException {
        double[] x = result.jobCounts().stream().mapToDouble(Integer::doubleValue).toArray();
        List<Path> files = new ArrayList<>();
        for (Metric metric : METRICS) {
            List<Series> lines = new ArrayList<>();
            for (PolicyKind p : result.policies()) {
                double[] y = result.series().get(p).stream().mapToDouble(metric.value()).toArray();
                lines.add(new Series(p.name(), x, y));
            }
            Path file = dir.resolve(metric.file());
            new LineChart(metric.title(), "number of jobs", metric.axis(), lines).writePng(file);
            files.add(file);
        }
        return files;
    }

    private static Map<String, Object> traceJson(SwfTrace trace, Path swf) {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("file", swf.toString());
        trace.header().computer().ifPresent(c -> t.put("computer", c));
        trace.header().maxProcs().ifPresent(p -> t.put("maxProcs", p));
        t.put("jobsRead", trace.jobs().size());
        t.put("malformedLines", trace.issueCount());
        t.put("malformedExamples", trace.issues().stream().limit(20).map(Object::toString).toList());
        t.put("requestedProcessorsFallbacks", trace.normalisation().processorFallbacks());
        t.put("requestedTimeFallbacks", trace.normalisation().requestedTimeFallbacks());
        t.put("runLongerThanRequested", trace.normalisation().runLongerThanRequested());
        t.put("skipped", new java.util.TreeMap<>(trace.normalisation().skippedByReason()));
        return t;
    }

    private static Map<String, Object> metricsJson(ScheduleMetrics m, Grid grid) {
        Map<String, Object> j = new LinkedHashMap<>();
        j.put("jobs", m.jobs());
        j.put("rejected", m.rejected());
        j.put("coAllocatedJobs", m.coAllocatedJobs());
        j.put("makespanSeconds", m.makespanSeconds());
        j.put("paperMakespanSeconds", m.paperMakespanSeconds());
        j.put("meanWaitSeconds", m.meanWaitSeconds());
        j.put("meanResponseSeconds", m.meanResponseSeconds());
        j.put("meanUtilisation", m.meanUtilisation());
        j.put("utilisationStdDev", m.utilisationStdDev());
        Map<String, Double> perCluster = new LinkedHashMap<>();
        double[] u = m.utilisation();
        for (int c = 0; c < grid.size(); c++) {
            perCluster.put(grid.cluster(c).name(), u[c]);
        }
        j.put("utilisation", perCluster);
        return j;
    }

    static String fixed(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.2f%%", 100 * fraction);
    }
}
