package io.coreserve.evaluation.vgrid;

import io.coreserve.engine.vgrid.bind.Approach;
import io.coreserve.evaluation.chart.LineChart;
import io.coreserve.evaluation.chart.Series;
import io.coreserve.evaluation.report.MarkdownTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/** Figures 4 and 6 (selection and binding quality) as Markdown tables, CDF and line charts, and JSON. */
public final class QualityReport {

    private QualityReport() {
    }

    // ---- Figure 4 ----

    public static String markdown(QualityEvaluation.Result r) {
        StringBuilder b = new StringBuilder("## Selection quality (Figure 4)\n\n");
        b.append(String.format(Locale.ROOT, "Seeded grid (seed %d): %,d clusters, %,d hosts; %,d random requests per "
                + "aggregate. The chosen selection (the selector's first) against every possible selection of the "
                + "request: Q = mean percentile over the aggregate rank and the mean host rank.%n%n",
                r.options().seed(), r.options().clusters(), r.options().hosts(), r.options().requests()));
        MarkdownTable t = new MarkdownTable("aggregate", "class", "requests", "optimal %", ">= 98th pct %",
                ">= 90th pct %", "< 50th pct %", "min Q/Qbest %", "mean Q/Qbest %").alignRight(2, 3, 4, 5, 6, 7, 8);
        for (String aggregate : QualityEvaluation.AGGREGATES) {
            for (Map.Entry<String, List<QualityEvaluation.Graded>> e : byClass(r, aggregate).entrySet()) {
                List<QualityEvaluation.Graded> g = e.getValue();
                t.row(aggregate, e.getKey(), g.size(), pct(g, x -> x.optimal() ? 1 : 0),
                        pct(g, x -> x.percentileRank() >= 98 ? 1 : 0), pct(g, x -> x.percentileRank() >= 90 ? 1 : 0),
                        pct(g, x -> x.percentileRank() < 50 ? 1 : 0),
                        f(g.stream().mapToDouble(QualityEvaluation.Graded::ratioToBest).min().orElse(Double.NaN)),
                        f(g.stream().mapToDouble(QualityEvaluation.Graded::ratioToBest).average().orElse(Double.NaN)));
            }
            b.append("").append(aggregate).append(": ").append(r.unmatched().get(aggregate))
                    .append(" requests matched nothing (not graded).\n");
        }
        b.append("\nPaper (section 4.3): LC requests all >= 98th percentile, 100 % of LC Clusters and about 98 % of LC "
                + "TightBags optimal; SC-SV Clusters about 80 % optimal, 89 % >= 90th percentile, 1 % < 50th; every "
                + "selection >= 57 % of the best Q.\n\n");
        return b.append(t.render()).toString();
    }

    /** Graded requests by class ("all" first), in class order. */
    static Map<String, List<QualityEvaluation.Graded>> byClass(QualityEvaluation.Result r, String aggregate) {
        List<QualityEvaluation.Graded> g = r.graded().get(aggregate);
        List<RequestClass> classes = r.classes(aggregate);
        Map<String, List<QualityEvaluation.Graded>> out = new LinkedHashMap<>();
        out.put("all", g);
        for (RequestClass k : RequestClass.values()) {
            List<QualityEvaluation.Graded> mine = new ArrayList<>();
            for (int i = 0; i < g.size(); i++) {
                if (classes.get(i) == k) {
                    mine.add(g.get(i));
                }
            }
            if (!mine.isEmpty()) {
                out.put(k.label(), mine);
            }
        }
        return out;
    }

    /** Figure 4's two graphs per aggregate: CDFs of the percentile rank and of Q / Q(best), one curve per class. */
    public static List<Path> charts(QualityEvaluation.Result r, Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        for (String aggregate : QualityEvaluation.AGGREGATES) {
            List<Series> rank = new ArrayList<>();
            List<Series> ratio = new ArrayList<>();
            for (Map.Entry<String, List<QualityEvaluation.Graded>> e : byClass(r, aggregate).entrySet()) {
                rank.add(cdf(e.getKey(), e.getValue(), QualityEvaluation.Graded::percentileRank));
                ratio.add(cdf(e.getKey(), e.getValue(), QualityEvaluation.Graded::ratioToBest));
            }
            String name = aggregate.toLowerCase(Locale.ROOT);
            Path a = dir.resolve("quality-" + name + "-rank.png");
            Path b = dir.resolve("quality-" + name + "-ratio.png");
            new LineChart("Figure 4: " + aggregate + " selections, percentile rank (CDF)", "percentile rank",
                    "% of requests at or below", rank).writePng(a);
            new LineChart("Figure 4: " + aggregate + " selections, Q / Q(best) (CDF)", "Q / Q(best) %",
                    "% of requests at or below", ratio).writePng(b);
            files.add(a);
            files.add(b);
        }
        return files;
    }

    public static Map<String, Object> json(QualityEvaluation.Result r) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("seed", r.options().seed());
        root.put("hosts", r.options().hosts());
        root.put("requestsPerAggregate", r.options().requests());
        Map<String, Object> per = new LinkedHashMap<>();
        for (String aggregate : QualityEvaluation.AGGREGATES) {
            Map<String, Object> classes = new LinkedHashMap<>();
            byClass(r, aggregate).forEach((k, g) -> {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("requests", g.size());
                m.put("optimalShare", share(g, x -> x.optimal() ? 1 : 0));
                m.put("atLeast98thShare", share(g, x -> x.percentileRank() >= 98 ? 1 : 0));
                m.put("atLeast90thShare", share(g, x -> x.percentileRank() >= 90 ? 1 : 0));
                m.put("below50thShare", share(g, x -> x.percentileRank() < 50 ? 1 : 0));
                m.put("minRatioToBest", g.stream().mapToDouble(QualityEvaluation.Graded::ratioToBest).min().orElse(0));
                classes.put(k, m);
            });
            classes.put("unmatched", r.unmatched().get(aggregate));
            per.put(aggregate, classes);
        }
        root.put("perAggregate", per);
        return root;
    }

    // ---- Figure 6 ----

    public static String markdown(BindingQualityEvaluation.Result r) {
        BindingQualityEvaluation.Options o = r.options();
        StringBuilder b = new StringBuilder("## Binding quality (Figure 6)\n\n");
        b.append(String.format(Locale.ROOT, "LooseBags of %d Clusters, %d selections per component, %d of %d random "
                        + "constraints matched on the seeded grid (%,d hosts); %d trials per p, same draws for both "
                        + "approaches. Quality = mean percentile rank of the bound clusters among all the constraint "
                        + "allows; a failed binding counts 0 (Figure 6), and over successes only.%n%n",
                o.components(), o.selections(), r.graded(), o.requests(), o.hosts(), o.trials()));
        MarkdownTable t = new MarkdownTable("p", "integrated success", "separate success", "integrated quality",
                "separate quality", "integrated if bound", "separate if bound").alignRight(0, 1, 2, 3, 4, 5, 6);
        for (double p : o.probabilities()) {
            var i = find(r, p, Approach.INTEGRATED, null);
            var s = find(r, p, Approach.SEPARATE, null);
            t.row(String.format(Locale.ROOT, "%.1f", p), f(i.success()), f(s.success()), f(i.meanQuality()),
                    f(s.meanQuality()), f(i.meanQualityIfBound()), f(s.meanQualityIfBound()));
        }
        b.append(t.render()).append('\n');
        MarkdownTable c = new MarkdownTable("p", "class", "trials", "integrated quality", "separate quality")
                .alignRight(0, 2, 3, 4);
        for (double p : o.probabilities()) {
            for (RequestClass k : RequestClass.values()) {
                var i = find(r, p, Approach.INTEGRATED, k);
                var s = find(r, p, Approach.SEPARATE, k);
                if (i != null && s != null) {
                    c.row(String.format(Locale.ROOT, "%.1f", p), k.label(), i.trials(), f(i.meanQuality()),
                            f(s.meanQuality()));
                }
            }
        }
        return b.append("\nBy request class:\n\n").append(c.render()).toString();
    }

    public static Path chart(BindingQualityEvaluation.Result r, Path dir) throws IOException {
        double[] x = r.options().probabilities();
        List<Series> series = new ArrayList<>();
        for (Approach a : Approach.values()) {
            String name = a.name().toLowerCase(Locale.ROOT);
            series.add(new Series(name + " (failure = 0)", x, Arrays.stream(x)
                    .map(p -> find(r, p, a, null).meanQuality()).toArray()));
            series.add(new Series(name + " (if bound)", x, Arrays.stream(x)
                    .map(p -> find(r, p, a, null).meanQualityIfBound()).toArray()));
        }
        Path file = dir.resolve("binding-quality.png");
        new LineChart("Figure 6: binding quality, " + r.options().components() + " Clusters, "
                + r.options().selections() + " selections", "binding failure probability",
                "mean percentile rank of the bound clusters", series).writePng(file);
        return file;
    }

    public static Map<String, Object> json(BindingQualityEvaluation.Result r) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("seed", r.options().seed());
        root.put("components", r.options().components());
        root.put("selections", r.options().selections());
        root.put("requests", r.graded());
        root.put("unmatched", r.unmatched());
        root.put("trials", r.options().trials());
        List<Map<String, Object>> cells = new ArrayList<>();
        for (BindingQualityEvaluation.Cell cell : r.cells()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("p", cell.p());
            m.put("approach", cell.approach().name());
            m.put("class", cell.requestClass() == null ? "all" : cell.requestClass().label());
            m.put("trials", cell.trials());
            m.put("success", cell.success());
            m.put("meanQuality", cell.meanQuality());
            m.put("meanQualityIfBound", Double.isNaN(cell.meanQualityIfBound()) ? null : cell.meanQualityIfBound());
            cells.add(m);
        }
        root.put("cells", cells);
        return root;
    }

    /** The spec's checks of Figure 6: integrated >= separate at every p; separate <= 5 points for p >= 0.4. */
    public static List<String> failedChecks(BindingQualityEvaluation.Result r) {
        List<String> failed = new ArrayList<>();
        for (double p : r.options().probabilities()) {
            var i = find(r, p, Approach.INTEGRATED, null);
            var s = find(r, p, Approach.SEPARATE, null);
            if (i.meanQuality() < s.meanQuality()) {
                failed.add(String.format(Locale.ROOT, "p=%.1f: integrated %.2f < separate %.2f", p, i.meanQuality(),
                        s.meanQuality()));
            }
            if (p >= 0.4 - 1e-9 && r.options().components() == 16 && s.meanQuality() > 5) {
                failed.add(String.format(Locale.ROOT, "p=%.1f: separate quality %.2f > 5", p, s.meanQuality()));
            }
        }
        return failed;
    }

    static BindingQualityEvaluation.Cell find(BindingQualityEvaluation.Result r, double p, Approach a,
            RequestClass k) {
        return r.cells().stream().filter(c -> Math.abs(c.p() - p) < 1e-9 && c.approach() == a
                && c.requestClass() == k).findFirst().orElse(null);
    }

    private static <T> Series cdf(String name, List<T> values, ToDoubleFunction<T> of) {
        double[] sorted = values.stream().mapToDouble(of).sorted().toArray();
        double[] y = new double[sorted.length];
        for (int k = 0; k < sorted.length; k++) {
            y[k] = 100.0 * (k + 1) / sorted.length;
        }
        return new Series(name, sorted, y);
    }

    private static <T> double share(List<T> g, ToDoubleFunction<T> indicator) {
        return g.isEmpty() ? 0 : g.stream().mapToDouble(indicator).sum() / g.size();
    }

    private static <T> String pct(List<T> g, ToDoubleFunction<T> indicator) {
        return f(100 * share(g, indicator));
    }

    private static String f(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
    }
}
