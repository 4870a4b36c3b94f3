package io.coreserve.evaluation.vgrid;

import io.coreserve.evaluation.report.MarkdownTable;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** Selection cost as a Markdown table beside the paper's figures, and as JSON. */
public final class SelectionReport {

    private SelectionReport() {
    }

    public static String markdown(SelectionEvaluation.Result r) {
        SelectionEvaluation.Options o = r.options();
        StringBuilder b = new StringBuilder("## Selection cost (Figure 5)\n\n");
        b.append(String.format(Locale.ROOT, "Grid (seed %d): %,d clusters, %,d hosts, %,d sites, %,d TightBags (close < %.1f ms);"
                        + " log cluster size mean %.3f, s.d. %.3f (before rounding). Generated and classified in %.1f s."
                        + " Tables: %,d bytes = %.1f bytes per host; heap held after the build: %.1f bytes per host."
                        + " %d selections per component. Assumed, not the paper's: processor table, site placement, dynamic load.%n%n",
                o.seed(), o.clusters(), o.hosts(), o.sites(), r.tightBags(), o.closeMillis(), r.logSizeMean(), r.logSizeStdDev(),
                r.buildSeconds(), r.tableBytes(), r.tableBytesPerHost(), r.heapBytesPerHost(), o.selections()));
        MarkdownTable t = new MarkdownTable("aggregate", "requests", "matched", "p50 ms", "p90 ms", "p99 ms", "max ms",
                "paper p90 ms").alignRight(1, 2, 3, 4, 5, 6, 7);
        r.perAggregate().forEach((name, x) -> t.row(name, x.requests(), x.matched(), f(x.p50Millis()), f(x.p90Millis()),
                f(x.p99Millis()), f(x.maxMillis()), f(1000 * SelectionEvaluation.PAPER_P90_SECONDS.get(name))));
        return b.append(t.render()).toString();
    }

    public static Map<String, Object> json(SelectionEvaluation.Result r) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("seed", r.options().seed());
        root.put("hosts", r.options().hosts());
        root.put("clusters", r.options().clusters());
        root.put("tightBags", r.tightBags());
        root.put("logSizeMean", r.logSizeMean());
        root.put("logSizeStdDev", r.logSizeStdDev());
        root.put("buildSeconds", r.buildSeconds());
        root.put("tableBytesPerHost", r.tableBytesPerHost());
        root.put("heapBytesPerHost", r.heapBytesPerHost());
        root.put("selections", r.options().selections());
        Map<String, Object> per = new LinkedHashMap<>();
        r.perAggregate().forEach((name, x) -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("requests", x.requests());
            m.put("matched", x.matched());
            m.put("p50Millis", x.p50Millis());
            m.put("p90Millis", x.p90Millis());
            m.put("p99Millis", x.p99Millis());
            m.put("maxMillis", x.maxMillis());
            m.put("paperP90Millis", 1000 * SelectionEvaluation.PAPER_P90_SECONDS.get(name));
            per.put(name, m);
        });
        root.put("perAggregate", per);
        return root;
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
