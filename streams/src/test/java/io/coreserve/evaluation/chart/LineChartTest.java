package io.coreserve.evaluation.chart;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LineChartTest {

    @Test
    void shouldWriteAPngOfTheChosenSize(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("sub/wait.png");
        new LineChart("Waiting time", "number of jobs", "seconds", List.of(
                new Series("A", new double[] {1, 2, 3}, new double[] {5, 4, 3}),
                new Series("B", new double[] {1, 2, 3}, new double[] {1, 2, 3}))).writePng(file);

        assertThat(file).exists();
        BufferedImage image = ImageIO.read(Files.newInputStream(file));
        assertThat(image.getWidth()).isEqualTo(LineChart.WIDTH);
        assertThat(image.getHeight()).isEqualTo(LineChart.HEIGHT);
    }

    @Test
    void shouldPutTheLegendOutsideThePlotSoItHidesNoPoint() {
        var chart = new LineChart("t", "x", "y", List.of(new Series("A", new double[] {1, 2}, new double[] {1, 2})))
                .build();

        assertThat(chart.getStyler().getLegendPosition().name()).startsWith("Outside");
    }

    @Test
    void shouldSayInTheLegendWhichSeriesLieOnAnEarlierOneAndDrawEachDifferently() {
        double[] x = {500, 1000, 1500};
        LineChart chart = new LineChart("Makespan", "number of jobs", "seconds", List.of(
                new Series("COARP", x, new double[] {100, 200, 300}),
                new Series("FCFS", x, new double[] {90, 180, 250}),
                new Series("EASY", x, new double[] {90, 180, 250.1}),
                new Series("FPFS", x, new double[] {90, 180, 250}),
                new Series("SCOAL", x, new double[] {95, 190, 280})));

        assertThat(chart.legendLabels()).containsExactly("COARP", "FCFS", "EASY (on FCFS, shifted)", "FPFS (on FCFS, shifted)", "SCOAL");
        var drawn = chart.build().getSeriesMap().values().stream().toList();
        assertThat(drawn).extracting(s -> s.getLabel())
                .containsExactly("COARP", "FCFS", "EASY (on FCFS, shifted)", "FPFS (on FCFS, shifted)", "SCOAL");
        assertThat(drawn).extracting(s -> s.getMarker()).doesNotHaveDuplicates();
        // FCFS where it is; EASY and FPFS one and two steps to its right, so that all three markers show.
        assertThat(drawn.subList(1, 4)).extracting(s -> s.getXMin()).doesNotHaveDuplicates().first().isEqualTo(500.0);
        assertThat(drawn.subList(1, 4)).extracting(s -> java.util.Arrays.toString(s.getLineStyle().getDashArray())
                + s.getLineStyle().getLineWidth()).doesNotHaveDuplicates();
    }

    @Test
    void shouldCompareSeriesOnALogAxisByTheirLogarithms() {
        double[] x = {1, 2};
        // 0.001 apart is nothing on a linear axis up to 1000, but a factor of two on a log axis.
        List<Series> series = List.of(new Series("paper", x, new double[] {0.001, 1000}),
                new Series("improved", x, new double[] {0.002, 1000}));

        assertThat(new LineChart("t", "N", "ms", series, false).legendLabels()).containsExactly("paper", "improved (on paper, shifted)");
        assertThat(new LineChart("t", "N", "ms", series, true).legendLabels()).containsExactly("paper", "improved");
    }

    @Test
    void shouldRejectSeriesWhoseAxesDiffer() {
        assertThatThrownBy(() -> new Series("A", new double[] {1}, new double[] {1, 2}))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
