package io.coreserve.catalogue;

import static org.assertj.core.api.Assertions.assertThat;

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
    void shouldBeDeterministicForTheSeed() {
        assertThat(Table1Distribution.draw(new SplittableRandom(3))).isEqualTo(Table1Distribution.draw(new SplittableRandom(3)));
    }
}
