package io.coreserve.evaluation.chart;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A line chart of several series against one x axis, written as a PNG: title, axis labels and a legend
 * are always drawn. Works headless.
 */
public record LineChart(String title, String xAxisLabel, String yAxisLabel, List<Series> series) {

    public static final int WIDTH = 900;
    public static final int HEIGHT = 560;

    public LineChart {
        series = List.copyOf(series);
        if (series.isEmpty()) {
            throw new IllegalArgumentException("a chart needs at least one series");
        }
    }

    /** Writes the chart to {@code file} (a {@code .png} name), creating its directory. */
    public void writePng(Path file) throws IOException {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(title).xAxisTitle(xAxisLabel).yAxisTitle(yAxisLabel).build();
        var styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setChartBackgroundColor(java.awt.Color.WHITE);
        styler.setPlotGridLinesVisible(true);
        styler.setDecimalPattern("#,##0.###");
        var markers = new org.knowm.xchart.style.markers.Marker[] {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE,
                SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN, SeriesMarkers.CROSS};
        int i = 0;
        for (Series s : series) {
            chart.addSeries(s.name(), s.x(), s.y()).setMarker(markers[i++ % markers.length]);
        }
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        String name = file.toString();
        String base = name.toLowerCase(java.util.Locale.ROOT).endsWith(".png") ? name.substring(0, name.length() - 4) : name;
        BitmapEncoder.saveBitmap(chart, base, BitmapEncoder.BitmapFormat.PNG);
    }
}
