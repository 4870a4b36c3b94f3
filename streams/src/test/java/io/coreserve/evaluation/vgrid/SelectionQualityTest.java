package io.coreserve.evaluation.vgrid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import io.coreserve.engine.vgrid.select.Candidate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SelectionQualityTest {

    private static Candidate entry(double size, double meanRank) {
        return new Candidate(new int[] {0}, new int[] {0}, size, meanRank);
    }

    @Test
    void shouldAverageThePercentilesOfBothRankFunctionsAsInFigureTwo() {
        // Ten possible selections; the first is the largest (percentile 100) and 8th of 10 by host rank (80).
        List<Candidate> possible = new ArrayList<>();
        possible.add(entry(100, 8));
        for (int k = 1; k < 10; k++) {
            possible.add(entry(k, k < 8 ? k : k + 1));     // host ranks 1..7 and 9, 10
        }
        SelectionQuality q = new SelectionQuality(possible);

        assertThat(q.quality(0)).isCloseTo(90.0, offset(1e-9));          // (100 + 80) / 2
        assertThat(q.quality(9)).isCloseTo((90 + 100) / 2.0, offset(1e-9)); // 9th by size, best by host rank
        assertThat(q.best()).isCloseTo(95.0, offset(1e-9));
        assertThat(q.ratioToBest(0)).isCloseTo(100 * 90 / 95.0, offset(1e-9));
        assertThat(q.percentileRank(0)).isCloseTo(90.0, offset(1e-9));  // 9 of 10 have Q <= 90
        assertThat(q.percentileRank(9)).isEqualTo(100.0);
    }

    @Test
    void shouldCountTiesAsAtOrBelow() {
        SelectionQuality q = new SelectionQuality(List.of(entry(5, 5), entry(5, 5), entry(1, 1)));

        assertThat(q.quality(0)).isEqualTo(100.0);
        assertThat(q.percentileRank(2)).isCloseTo(100 / 3.0, offset(1e-9));
        assertThat(q.qualityStdDev()).isPositive();
        assertThat(new SelectionQuality(List.of(entry(1, 1), entry(1, 1))).qualityStdDev()).isZero();
    }
}
