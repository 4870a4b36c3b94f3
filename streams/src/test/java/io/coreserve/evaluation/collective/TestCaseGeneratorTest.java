package io.coreserve.evaluation.collective;

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
            for (Table1.Row row : Table1.ROWS) {
                double d = c.total(row.property());
                assertThat(d).isBetween(Math.max(0, c.n() * (row.mean() - 2 * row.sd())),
                        c.n() * (row.mean() + 0.5 * row.sd()));
                assertThat(c.collective().totals().get(row.property())).isEqualTo(d);
                assertThat(c.simple().perResource().get(row.property())).isCloseTo(d / c.n(), within(1e-12));
                assertThat(c.collective().perResource().get(row.property())).isCloseTo(d / (2.0 * c.n()), within(1e-12));
            }
            assertThat(c.simple().labels()).containsExactly(CollectiveInstance.OPTERON);
            assertThat(c.collective().count()).isEqualTo(c.simple().count()).isEqualTo(c.n());
        }
        assertThat(cases.stream().filter(c -> c.n() == 5)).hasSize(90);
        assertThat(cases.stream().map(TestCase::duration).distinct()).hasSize(6);
    }

    @Test
    void shouldBeDeterministicForTheSeed() {
        assertThat(TestCaseGenerator.generate(new int[] {5}, 10, 3))
                .isEqualTo(TestCaseGenerator.generate(new int[] {5}, 10, 3));
    }

    @Test
    void shouldDrawCapacitiesInsideTable1Bounds() {
        SplittableRandom random = new SplittableRandom(5);
        double coresSum = 0;
        for (int k = 0; k < 2000; k++) {
            double[] c = Table1.sample(random);
            for (int i = 0; i < 3; i++) {
                assertThat(c[i]).isBetween(Table1.ROWS.get(i).min(), Table1.ROWS.get(i).max());
            }
            assertThat(c[0]).isEqualTo(Math.rint(c[0]));
            coresSum += c[0];
        }
        assertThat(coresSum / 2000).isBetween(2.5, 3.5);
    }
}
