package io.coreserve.evaluation.collective;

import io.coreserve.evaluation.chart.LineChart;
import io.coreserve.evaluation.chart.Series;
import io.coreserve.evaluation.collective.EvaluationReport.PerN;
import io.coreserve.evaluation.collective.EvaluationReport.Variant;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Figure 2: mean search time (Phases I-V) against N, simple and collective, per engine variant; log y axis. The
 * legend sits beside the plot (inside it, it hid the improved algorithm's points at N = 2-5).
 */
final class SearchTimeChart {

    private SearchTimeChart() {
    }

    static void write(EvaluationReport report, Path file) throws IOException {
        chart(report).writePng(file);
    }

    static LineChart chart(EvaluationReport report) {
        List<Series> series = new ArrayList<>();
        for (Variant v : report.variants()) {
            int size = v.perN().size();
            double[] x = new double[size];
            double[] simple = new double[size];
            double[] collective = new double[size];
            for (int i = 0; i < size; i++) {
                PerN row = v.perN().get(i);
                x[i] = row.n();
                // A log axis cannot show 0 ms; 0.1 µs is below every measured search.
                simple[i] = Math.max(row.meanSimpleMillis(), 1e-4);
                collective[i] = Math.max(row.meanCollectiveMillis(), 1e-4);
            }
            String name = v.algorithm().name().toLowerCase(Locale.ROOT);
            series.add(new Series(name + " simple", x, simple));
            series.add(new Series(name + " collective", x, collective));
        }
        return new LineChart("Mean search time vs requested resources (" + report.nodes() + " PlanetLab nodes)",
                "requested resources N", "mean search time [ms], log scale", series, true);
    }
}
