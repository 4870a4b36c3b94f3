package io.coreserve.catalogue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class Table1DistributionTest {

    @Test
    void shouldDrawEveryPropertyInsideTable1sBoundsWithWholeCores() {
        SplittableRandom random = new SplittableRandom(5);
        for (int k = 0; k < 2000; k++) {
            Map<String, Double> node = Table1Distribution.draw(random);
            for (Table1Distribution.PropertyStatistics row : Table1Distribution.rows()) {
                assertThat(node.get(row.name())).isBetween(row.min(), row.max());
            }
            assertThat(node.get("cores")).isEqualTo(Math.rint(node.get("cores")));
        }
    }

    @Test
    void shouldKeepSampleMeansNearTable1sMeans() {
        // Truncation shifts the means a little (cores: bounds 1..8 around 2.90 with sd 1.51), not far.
        SplittableRandom random = new SplittableRandom(7);
        int n = 20_000;
        double cores = 0;
        double ghz = 0;
        double memory = 0;
        for (int k = 0; k < n; k++) {
            Map<String, Double> node = Table1Distribution.draw(random);
            cores += node.get("cores");
            ghz += node.get("cpu_ghz");
            memory += node.get("memory_gb");
        }
        assertThat(cores / n).isBetween(2.90 - 0.3, 2.90 + 0.3);
        assertThat(ghz / n).isBetween(2.68 - 0.05, 2.68 + 0.05);
        assertThat(memory / n).isBetween(2.95 - 0.1, 2.95 + 0.1);
    }

    @Test
    void shouldMatchTable1sMeansAndDeviationsWhenAskedFor() {
        SplittableRandom random = new SplittableRandom(11);
        int n = 40_000;
        double[][] samples = new double[3][n];
        for (int k = 0; k < n; k++) {
            Map<String, Double> node = Table1Distribution.drawWithTableMoments(random);
            Table1Distribution.PropertyStatistics[] rows = Table1Distribution.rows();
            for (int i = 0; i < rows.length; i++) {
                samples[i][k] = node.get(rows[i].name());
                assertThat(samples[i][k]).isBetween(rows[i].min(), rows[i].max());
            }
        }
        Table1Distribution.PropertyStatistics[] rows = Table1Distribution.rows();
        for (int i = 0; i < rows.length; i++) {
            double mean = Arrays.stream(samples[i]).average().orElseThrow();
            double variance = Arrays.stream(samples[i]).map(x -> (x - mean) * (x - mean)).sum() / n;
            // Within 3 % of σ; draw() misses the cores' mean by 0.13 σ and their σ by 0.10 σ.
            double tolerance = 0.03 * rows[i].stdDev();
            assertThat(mean).as(rows[i].name()).isCloseTo(rows[i].mean(), within(tolerance));
            assertThat(Math.sqrt(variance)).as(rows[i].name()).isCloseTo(rows[i].stdDev(), within(tolerance));
        }
    }

    @Test
    void shouldBeDeterministicForTheSeed() {
        assertThat(Table1Distribution.draw(new SplittableRandom(3))).isEqualTo(Table1Distribution.draw(new SplittableRandom(3)));
    }
}
