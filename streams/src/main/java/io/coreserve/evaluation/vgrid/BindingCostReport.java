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

/**
 * Figure 7 (paper section 4.6): binding attempts and hold cost of 16-component requests, beside spec 004 Appendix
 * B's 4000-trial reference simulation (C = 16) and the closed-form expected attempts. Hold is charted only where
 * the approach succeeds in at least 90 % of the trials, as the paper truncates its curves.
 */
public final class BindingCostReport {

    /** Appendix B, C = 16: {N, p, I attempts, S attempts, I hold, S hold}. */
    static final double[][] REFERENCE = {
            {2, 0.1, 17.6, 28.9, 27.5, 26.0}, {2, 0.3, 20.8, 32.0, 25.7, 22.4}, {2, 0.5, 24.0, 32.0, 19.9, 16.0},
            {2, 0.6, 25.6, 32.0, 16.6, 12.7}, {2, 0.7, 27.2, 32.0, 13.0, 9.6}, {2, 0.9, 30.4, 32.0, 4.7, 3.2},
            {4, 0.1, 17.7, 48.1, 29.6, 43.3}, {4, 0.3, 22.7, 63.7, 43.1, 44.6}, {4, 0.5, 30.1, 64.0, 46.9, 31.9},
            {4, 0.6, 34.9, 64.0, 42.7, 25.7}, {4, 0.7, 40.6, 64.0, 35.5, 19.2}, {4, 0.9, 55.0, 64.0, 14.5, 6.4},
            {8, 0.1, 17.8, 68.6, 30.0, 61.8}, {8, 0.3, 22.8, 126.3, 45.8, 88.4}, {8, 0.5, 31.7, 128.0, 67.9, 63.9},
            {8, 0.6, 39.3, 128.0, 80.2, 51.3}, {8, 0.7, 50.3, 128.0, 85.6, 38.4}, {8, 0.9, 91.4, 128.0, 45.7, 12.8},
            {16, 0.1, 17.8, 83.7, 30.0, 75.3}, {16, 0.3, 22.8, 249.0, 45.9, 174.3}, {16, 0.5, 32.0, 256.0, 70.0, 127.8},
            {16, 0.6, 40.1, 256.0, 90.1, 102.4}, {16, 0.7, 53.1, 256.0, 119.9, 76.8}, {16, 0.9, 130.7, 256.0, 137.3, 25.7}};

    private BindingCostReport() {
    }

    public static String markdown(List<SuccessCell> cells) {
        MarkdownTable t = new MarkdownTable("C", "N", "p", "I success", "S success", "I attempts (ref)", "S attempts (ref)",
                "I hold (ref)", "S hold (ref)").alignRight(0, 1, 2, 3, 4, 5, 6, 7, 8);
        for (SuccessCell i : cells) {
            if (i.approach() != Approach.INTEGRATED) {
                continue;
            }
            SuccessCell s = partner(cells, i);
            double[] ref = reference(i);
            t.row(i.components(), i.selections(), f("%.1f", i.p()), f("%.3f", i.success()), f("%.3f", s.success()),
                    withRef(i.attempts(), ref, 2), withRef(s.attempts(), ref, 3), withRef(i.hold(), ref, 4), withRef(s.hold(), ref, 5));
        }
        return "## Binding cost (Figure 7): mean attempts and hold, (spec 004 Appendix B's reference simulation)\n\n"
                + "Hold = Σ over rounds of the components held after the round (spec 004 section 3.5).\n\n" + t.render();
    }

    public static Map<String, Object> json(List<SuccessCell> cells, long seed, int trials) {
        Map<String, Object> root = SuccessReport.json(cells, List.of(), seed, trials);
        root.remove("checks");
        return root;
    }

    /** 7(b): attempts against p per N and approach; 7(a): hold where success >= 0.9. */
    public static List<Path> charts(List<SuccessCell> cells, Path dir) throws IOException {
        List<Series> attempts = new ArrayList<>();
        List<Series> hold = new ArrayList<>();
        for (int n : cells.stream().mapToInt(SuccessCell::selections).distinct().sorted().toArray()) {
            for (Approach a : Approach.values()) {
                List<SuccessCell> curve = cells.stream().filter(c -> c.selections() == n && c.approach() == a)
                        .sorted(java.util.Comparator.comparingDouble(SuccessCell::p)).toList();
                double[] x = curve.stream().mapToDouble(SuccessCell::p).toArray();
                String name = a.name().toLowerCase(Locale.ROOT) + " N=" + n;
                attempts.add(new Series(name, x, curve.stream().mapToDouble(SuccessCell::attempts).toArray()));
                hold.add(new Series(name, x, curve.stream().mapToDouble(c -> c.success() >= 0.9 ? c.hold() : Double.NaN).toArray()));
            }
        }
        Path a = dir.resolve("binding-attempts.png");
        Path h = dir.resolve("binding-hold.png");
        new LineChart("Figure 7(b): bind attempts until a decision", "binding failure probability", "attempts", attempts).writePng(a);
        new LineChart("Figure 7(a): hold cost where success >= 90%", "binding failure probability", "hold (component-steps)",
                hold).writePng(h);
        return List.of(a, h);
    }

    private static SuccessCell partner(List<SuccessCell> cells, SuccessCell i) {
        return cells.stream().filter(c -> c.approach() == Approach.SEPARATE && c.components() == i.components()
                && c.selections() == i.selections() && Math.abs(c.p() - i.p()) < 1e-9).findFirst().orElseThrow();
    }

    private static double[] reference(SuccessCell c) {
        if (c.components() != 16) {
            return null;
        }
        for (double[] r : REFERENCE) {
            if (r[0] == c.selections() && Math.abs(r[1] - c.p()) < 1e-9) {
                return r;
            }
        }
        return null;
    }

    private static String withRef(double v, double[] ref, int column) {
        return ref == null ? f("%.1f", v) : f("%.1f (%.1f)", v, ref[column]);
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
