package io.coreserve.evaluation.vgrid;

import io.coreserve.engine.vgrid.bind.Approach;
import io.coreserve.evaluation.chart.LineChart;
import io.coreserve.evaluation.chart.Series;
import io.coreserve.evaluation.report.MarkdownTable;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Figure 3 as Markdown tables (measured, closed form in brackets), the checks, JSON and one PNG per N and approach. */
public final class SuccessReport {

    private SuccessReport() {
    }

    public static String markdown(List<SuccessCell> cells, List<SuccessChecks.Check> checks) {
        StringBuilder b = new StringBuilder("## Success rate (Figure 3): measured (closed form)\n\n");
        double[] ps = cells.stream().mapToDouble(SuccessCell::p).distinct().sorted().toArray();
        for (int n : cells.stream().mapToInt(SuccessCell::selections).distinct().sorted().toArray()) {
            List<String> headers = new ArrayList<>(List.of("C", "approach"));
            for (double p : ps) {
                headers.add(String.format(Locale.ROOT, "p=%.1f", p));
            }
            headers.add("attempts at p=" + String.format(Locale.ROOT, "%.1f", ps[ps.length / 2]));
            MarkdownTable t = new MarkdownTable(headers.toArray(String[]::new));
            for (int c : cells.stream().mapToInt(SuccessCell::components).distinct().sorted().toArray()) {
                for (Approach a : Approach.values()) {
                    List<Object> row = new ArrayList<>(List.of(c, a.name().toLowerCase(Locale.ROOT)));
                    double midAttempts = 0;
                    for (double p : ps) {
                        SuccessCell x = find(cells, c, n, p, a);
                        row.add(x == null ? "" : String.format(Locale.ROOT, "%.3f (%.3f)", x.success(), x.closedForm()));
                        if (x != null && p == ps[ps.length / 2]) {
                            midAttempts = x.attempts();
                        }
                    }
                    row.add(String.format(Locale.ROOT, "%.1f", midAttempts));
                    t.row(row.toArray());
                }
            }
            b.append("### N = ").append(n).append(" selections\n\n").append(t.render()).append('\n');
        }
        MarkdownTable c = new MarkdownTable("statement", "measured", "holds");
        for (SuccessChecks.Check k : checks) {
            c.row(k.statement(), k.measured(), k.holds().map(h -> h ? "yes" : "NO").orElse("n/a"));
        }
        return b.append("## The paper's statements and the closed forms\n\n").append(c.render()).toString();
    }

    public static Map<String, Object> json(List<SuccessCell> cells, List<SuccessChecks.Check> checks, long seed, int trials) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("seed", seed);
        root.put("trials", trials);
        List<Map<String, Object>> out = new ArrayList<>();
        for (SuccessCell x : cells) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("components", x.components());
            m.put("selections", x.selections());
            m.put("p", x.p());
            m.put("approach", x.approach().name().toLowerCase(Locale.ROOT));
            m.put("success", x.success());
            m.put("attempts", x.attempts());
            m.put("hold", x.hold());
            m.put("closedForm", x.closedForm());
            out.add(m);
        }
        root.put("cells", out);
        root.put("checks", checks.stream().map(k -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("statement", k.statement());
            m.put("measured", k.measured());
            m.put("holds", k.holds().orElse(null));
            return m;
        }).toList());
        return root;
    }

    /** Figure 3's panels: per N and approach, success against p, one measured and one closed-form line per C. */
    public static List<Path> charts(List<SuccessCell> cells, Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        double[] ps = cells.stream().mapToDouble(SuccessCell::p).distinct().sorted().toArray();
        for (int n : cells.stream().mapToInt(SuccessCell::selections).distinct().sorted().toArray()) {
            for (Approach a : Approach.values()) {
                List<Series> lines = new ArrayList<>();
                for (int c : cells.stream().mapToInt(SuccessCell::components).distinct().sorted().toArray()) {
                    double[] measured = new double[ps.length];
                    double[] closed = new double[ps.length];
                    for (int i = 0; i < ps.length; i++) {
                        SuccessCell x = find(cells, c, n, ps[i], a);
                        measured[i] = x == null ? Double.NaN : x.success();
                        closed[i] = x == null ? Double.NaN : x.closedForm();
                    }
                    lines.add(new Series(c + "-C", ps, measured));
                    lines.add(new Series(c + "-C closed form", ps, closed));
                }
                String name = a.name().toLowerCase(Locale.ROOT);
                Path file = dir.resolve("success-" + name + "-N" + n + ".png");
                new LineChart("Figure 3: " + name + ", " + n + " selection" + (n == 1 ? "" : "s"),
                        "binding failure probability", "success rate", lines).writePng(file);
                files.add(file);
            }
        }
        return files;
    }

    private static SuccessCell find(List<SuccessCell> cells, int c, int n, double p, Approach a) {
        for (SuccessCell x : cells) {
            if (x.components() == c && x.selections() == n && Math.abs(x.p() - p) < 1e-9 && x.approach() == a) {
                return x;
            }
        }
        return null;
    }
}
