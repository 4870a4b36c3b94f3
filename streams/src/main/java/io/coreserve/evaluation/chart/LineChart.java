package io.coreserve.evaluation.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A line chart of several series against one x axis, written as a PNG: title, axis labels and a legend are always
 * drawn, the legend to the right of the plot so that it never hides a point. Series that lie on top of each other
 * stay tellable apart: each has its own marker and dash pattern, earlier series are drawn wider (later ones are
 * painted over them, so a wide line shows around a narrow one), and a series that coincides with an earlier one is
 * drawn slightly to the right of it and says so in the legend ({@code EASY (on FCFS, shifted)}). Works headless.
 *
 * @param logY a logarithmic y axis (values must be positive)
 */
public record LineChart(String title, String xAxisLabel, String yAxisLabel, List<Series> series, boolean logY) {

    public static final int WIDTH = 900;
    public static final int HEIGHT = 560;

    /** Two series coincide (to the eye: about 4 pixels) where every y differs by at most this share of the y range. */
    static final double COINCIDENCE = 0.01;
    /** How far a coinciding series is drawn to the right, as a share of the x range. */
    static final double SHIFT = 0.006;

    private static final Marker[] MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE, SeriesMarkers.DIAMOND,
        SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN, SeriesMarkers.CROSS};
    private static final float[][] DASHES = {null, {10f, 5f}, {2f, 4f}, {12f, 4f, 2f, 4f}, {6f, 6f}};

    public LineChart {
        series = List.copyOf(series);
        if (series.isEmpty()) {
            throw new IllegalArgumentException("a chart needs at least one series");
        }
    }

    public LineChart(String title, String xAxisLabel, String yAxisLabel, List<Series> series) {
        this(title, xAxisLabel, yAxisLabel, series, false);
    }

    /** Writes the chart to {@code file} (a {@code .png} name), creating its directory. */
    public void writePng(Path file) throws IOException {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        XYChart chart = build();
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        String name = file.toString();
        String base = name.toLowerCase(Locale.ROOT).endsWith(".png") ? name.substring(0, name.length() - 4) : name;
        BitmapEncoder.saveBitmap(chart, base, BitmapEncoder.BitmapFormat.PNG);
    }

    /** The chart as drawn, for tests. */
    XYChart build() {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(title).xAxisTitle(xAxisLabel).yAxisTitle(yAxisLabel).build();
        var styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setPlotGridLinesVisible(true);
        styler.setDecimalPattern("#,##0.###");
        styler.setYAxisLogarithmic(logY);
        styler.setLegendSeriesLineLength(36); // long enough to show each dash pattern
        List<String> labels = legendLabels();
        List<double[]> xs = drawnX();
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            XYSeries line = chart.addSeries(s.name(), xs.get(i), s.y());
            line.setMarker(MARKERS[i % MARKERS.length]);
            line.setLineStyle(stroke(i));
            line.setLabel(labels.get(i));
        }
        return chart;
    }

    /** Each series' name, and for one that coincides with an earlier series, which one it lies on. */
    List<String> legendLabels() {
        int[] on = liesOn();
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            labels.add(series.get(i).name() + (on[i] < 0 ? "" : " (on " + series.get(on[i]).name() + ", shifted)"));
        }
        return labels;
    }

    /** For each series, the first earlier series it coincides with, or -1. */
    private int[] liesOn() {
        // Compared as drawn: on a log axis, by their logarithms.
        List<double[]> ys = series.stream().map(s -> logY ? Arrays.stream(s.y()).map(Math::log10).toArray() : s.y())
                .toList();
        double tolerance = COINCIDENCE * range(ys);
        int[] on = new int[series.size()];
        for (int i = 0; i < series.size(); i++) {
            on[i] = -1;
            for (int j = 0; j < i && on[i] < 0; j++) {
                if (Arrays.equals(series.get(i).x(), series.get(j).x()) && within(ys.get(i), ys.get(j), tolerance)) {
                    on[i] = j;
                }
            }
        }
        return on;
    }

    /**
     * The x values as drawn: a series that lies on an earlier one is moved right by {@link #SHIFT} of the x range
     * per series already on that one, so that its markers show beside, not under, the others (the legend says so).
     */
    private List<double[]> drawnX() {
        int[] on = liesOn();
        double xRange = range(series.stream().map(Series::x).toList());
        int[] stacked = new int[series.size()];
        List<double[]> xs = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            double[] x = series.get(i).x();
            if (on[i] >= 0) {
                double shift = SHIFT * xRange * ++stacked[on[i]];
                x = Arrays.stream(x).map(v -> v + shift).toArray();
            }
            xs.add(x);
        }
        return xs;
    }

    private static BasicStroke stroke(int index) {
        // Earlier series are drawn first and wider, so a later one on top of them leaves their edges visible.
        float width = Math.max(1.5f, 5f - 1f * index);
        float[] dash = DASHES[index % DASHES.length];
        return dash == null ? new BasicStroke(width)
                : new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, dash, 0f);
    }

    private static double range(List<double[]> ys) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double[] y : ys) {
            for (double v : y) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        return max > min ? max - min : Math.max(Math.abs(max), 1e-12);
    }

    private static boolean within(double[] a, double[] b, double tolerance) {
        for (int k = 0; k < a.length; k++) {
            if (Math.abs(a[k] - b[k]) > tolerance) {
                return false;
            }
        }
        return true;
    }
}
