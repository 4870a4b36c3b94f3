package io.coreserve.evaluation.coreservation;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.coreserve.evaluation.chart.LineChart;
import io.coreserve.evaluation.chart.Series;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The grid as a Markdown table, JSON (the shape) and one Figure 2-like PNG per formulation. */
public final class CoreservationReport {

    private CoreservationReport() {
    }

    public static String markdown(CoreservationEvaluation.Result result) {
        StringBuilder md = new StringBuilder();
        md.append("| n | c | V(n,c) |");
        for (Formulation f : result.formulations()) {
            md.append(' ').append(f.label()).append(" mean / max [ms] |");
        }
        md.append(" proven optimal | oracle mismatches | time-outs |\n|---:|---:|---:|");
        result.formulations().forEach(f -> md.append("---:|"));
        md.append("---|---:|---:|\n");
        for (GridPoint p : result.points()) {
            md.append("| ").append(p.resources()).append(" | ").append(p.candidates()).append(" | ")
                    .append(String.format(Locale.ROOT, "%,d", p.variables())).append(" |");
            for (Formulation f : result.formulations()) {
                md.append(String.format(Locale.ROOT, " %.1f / %.1f |", p.meanMillis().get(f), p.maxMillis().get(f)));
            }
            md.append(' ');
            List<String> optimal = new ArrayList<>();
            result.formulations().forEach(f -> optimal.add(f.label() + " " + p.optimal().get(f)));
            md.append(String.join(", ", optimal)).append(" of ").append(p.repetitions()).append(" | ")
                    .append(p.mismatches().values().stream().mapToInt(Integer::intValue).sum()).append(" | ")
                    .append(p.timeouts().values().stream().mapToInt(Integer::intValue).sum()).append(" |\n");
        }
        md.append("\n").append(result.instances()).append(" instances, ").append(result.mismatches())
                .append(" oracle mismatches, ").append(result.timeouts().size()).append(" time-outs")
                .append(String.format(Locale.ROOT, " (limit %.0f s), %.1f s in all.%n", result.timeLimitSeconds(),
                        result.seconds()));
        for (CoreservationEvaluation.Timeout t : result.timeouts()) {
            md.append(String.format(Locale.ROOT, "- time-out: %s at n=%d, c=%d, repetition %d: %s after %.0f ms%n",
                    t.formulation().label(), t.resources(), t.candidates(), t.repetition(), t.status(), t.millis()));
        }
        md.append("\nTrends (spec acceptance check 4):\n");
        for (Formulation f : result.formulations()) {
            md.append("- ").append(f.label()).append(": ").append(TrendChecks.of(result.points(), f)).append('\n');
        }
        return md.toString();
    }

    public static void writeJson(CoreservationEvaluation.Result result, Path file) throws IOException {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("instances", result.instances());
        root.put("mismatches", result.mismatches());
        root.put("timeouts", result.timeouts().size());
        root.put("seed", result.seed());
        root.put("repetitions", result.repetitions());
        root.put("timeLimitSeconds", result.timeLimitSeconds());
        List<Map<String, Object>> points = new ArrayList<>();
        for (GridPoint p : result.points()) {
            Map<String, Object> point = new LinkedHashMap<>();
            point.put("resources", p.resources());
            point.put("candidates", p.candidates());
            point.put("variables", p.variables());
            point.put("millis", byLabel(p.meanMillis()));
            point.put("maxMillis", byLabel(p.maxMillis()));
            point.put("optimal", byLabel(p.optimal()));
            point.put("mismatches", byLabel(p.mismatches()));
            point.put("timeouts", byLabel(p.timeouts()));
            points.add(point);
        }
        root.put("points", points);
        Map<String, Object> trends = new LinkedHashMap<>();
        result.formulations().forEach(f -> trends.put(f.label(), TrendChecks.of(result.points(), f)));
        root.put("trends", trends);
        root.put("timeoutList", result.timeouts().stream().map(t -> Map.of("formulation", t.formulation().label(),
                "resources", t.resources(), "candidates", t.candidates(), "repetition", t.repetition(),
                "status", t.status().name(), "millis", t.millis())).toList());
        java.nio.file.Files.createDirectories(file.toAbsolutePath().getParent());
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), root);
    }

    /** Figure 2 per formulation: log10 of the mean solve time against candidates, one line per resource count. */
    public static List<Path> writeCharts(CoreservationEvaluation.Result result, Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        for (Formulation f : result.formulations()) {
            List<Series> series = new ArrayList<>();
            result.points().stream().mapToInt(GridPoint::resources).distinct().forEach(n -> {
                List<GridPoint> row = result.points().stream().filter(p -> p.resources() == n).toList();
                series.add(new Series(n + (n == 1 ? " resource" : " resources"),
                        row.stream().mapToDouble(GridPoint::candidates).toArray(),
                        row.stream().mapToDouble(p -> Math.log10(Math.max(p.meanMillis().get(f), 1e-3))).toArray()));
            });
            Path file = dir.resolve("solve-time-" + f.label() + ".png");
            new LineChart("Solve time (" + f.label() + "), Table 2 grid", "reservation candidates per (part, resource)",
                    "log10 mean solve time [ms]", series).writePng(file);
            files.add(file);
        }
        return files;
    }

    private static <V> Map<String, V> byLabel(Map<Formulation, V> values) {
        Map<String, V> out = new LinkedHashMap<>();
        values.forEach((f, v) -> out.put(f.label(), v));
        return out;
    }
}
