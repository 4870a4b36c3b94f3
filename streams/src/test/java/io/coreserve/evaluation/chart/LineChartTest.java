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
    void shouldRejectSeriesWhoseAxesDiffer() {
        assertThatThrownBy(() -> new Series("A", new double[] {1}, new double[] {1, 2}))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
