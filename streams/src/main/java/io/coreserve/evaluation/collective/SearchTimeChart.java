package io.coreserve.evaluation.collective;

import io.coreserve.evaluation.collective.EvaluationReport.PerN;
import io.coreserve.evaluation.collective.EvaluationReport.Variant;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Figure 2: mean search time (Phases I-V) against N, simple and collective, per engine variant; log y axis. */
final class SearchTimeChart {

    private SearchTimeChart() {
    }

    static void write(EvaluationReport report, Path file) throws IOException {
        XYChart chart = new XYChartBuilder().width(900).height(560)
                .title("Mean search time vs requested resources (" + report.nodes() + " PlanetLab nodes)")
                .xAxisTitle("requested resources N").yAxisTitle("mean search time [ms], log scale").build();
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotBackgroundColor(Color.WHITE);
        chart.getStyler().setXAxisDecimalPattern("0");
        var markers = new org.knowm.xchart.style.markers.Marker[] {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE,
                SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP};
        int k = 0;
        for (Variant v : report.variants()) {
            int size = v.perN().size();
            double[] x = new double[size];
            double[] simple = new double[size];
            double[] collective = new double[size];
            for (int i = 0; i < size; i++) {
                PerN row = v.perN().get(i);
                x[i] = row.n();
                simple[i] = Math.max(row.meanSimpleMillis(), 1e-4);
                collective[i] = Math.max(row.meanCollectiveMillis(), 1e-4);
            }
            String name = v.algorithm().name().toLowerCase(java.util.Locale.ROOT);
            chart.addSeries(name + " simple", x, simple).setMarker(markers[k++ % markers.length]);
            chart.addSeries(name + " collective", x, collective).setMarker(markers[k++ % markers.length]);
        }
        String base = file.toString().endsWith(".png") ? file.toString().substring(0, file.toString().length() - 4)
                : file.toString();
        BitmapEncoder.saveBitmap(chart, base, BitmapEncoder.BitmapFormat.PNG);
    }
}
