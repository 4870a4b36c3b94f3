package io.coreserve.evaluation.collective;

import io.coreserve.catalogue.Table1Distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TestCaseGeneratorTest {

    @Test
    void shouldFollowTheRangesOfSection42() {
        List<TestCase> cases = TestCaseGenerator.generate(TestCaseGenerator.COUNTS, 90, 11);

        assertThat(cases).hasSize(540);
        for (TestCase c : cases) {
            assertThat(Arrays.stream(TestCaseGenerator.DURATIONS).boxed()).contains(c.duration());
            assertThat(c.earliest()).isBetween(0L, 5 * TestCaseGenerator.HOUR + 50 * TestCaseGenerator.MINUTE);
            assertThat(c.latest() + c.duration()).isBetween(18 * TestCaseGenerator.HOUR + 10 * TestCaseGenerator.MINUTE,
                    24 * TestCaseGenerator.HOUR);
            assertThat(c.latest()).isGreaterThanOrEqualTo(c.earliest());
            for (Table1Distribution.PropertyStatistics row : Table1Distribution.rows()) {
                double d = c.total(row.name());
                assertThat(d).isBetween(Math.max(0, c.n() * (row.mean() - 2 * row.stdDev())),
                        c.n() * (row.mean() + 0.5 * row.stdDev()));
                assertThat(c.collective().totals().get(row.name())).isEqualTo(d);
                assertThat(c.simple().perResource().get(row.name())).isCloseTo(d / c.n(), within(1e-12));
                assertThat(c.collective().perResource().get(row.name())).isCloseTo(d / (2.0 * c.n()), within(1e-12));
            }
            assertThat(c.simple().labels()).containsExactly(CollectiveInstance.OPTERON);
            assertThat(c.collective().count()).isEqualTo(c.simple().count()).isEqualTo(c.n());
        }
        assertThat(cases.stream().filter(c -> c.n() == 5)).hasSize(90);
        assertThat(cases.stream().map(TestCase::duration).distinct()).hasSize(6);
    }

    @Test
    void shouldDrawCoresTotalsFromTheWholeIntervalAndTurnNegativeDrawsIntoNoRequirement() {
        // Interval (4) for the cores is [-0.12 N, 3.655 N]: a share 0.12 / 3.775 (3.2 %) of draws is negative.
        List<TestCase> cases = TestCaseGenerator.generate(new int[] {10}, 4000, 5);

        long zero = cases.stream().filter(c -> c.total("cores") == 0).count();
        assertThat(zero / 4000.0).isBetween(0.02, 0.045);
        assertThat(cases).allSatisfy(c -> {
            assertThat(c.total("cpu_ghz")).isPositive();
            assertThat(c.total("memory_gb")).isPositive();
        });
        double positiveMean = cases.stream().mapToDouble(c -> c.total("cores")).filter(d -> d > 0).average()
                .orElseThrow();
        assertThat(positiveMean).isCloseTo(10 * 3.655 / 2, within(0.6)); // uniform on (0, 3.655 N]
    }

    @Test
    void shouldBeDeterministicForTheSeed() {
        assertThat(TestCaseGenerator.generate(new int[] {5}, 10, 3))
                .isEqualTo(TestCaseGenerator.generate(new int[] {5}, 10, 3));
    }

}
