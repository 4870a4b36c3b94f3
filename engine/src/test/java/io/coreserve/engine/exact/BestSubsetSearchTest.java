package io.coreserve.engine.exact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BestSubsetSearchTest {

    private static final long UNIT = 1_000_000L;

    @Test
    void shouldFindTheSetThatNearlyFillsEveryTotal() {
        // 12 members, N = 3: the totals are members 2, 5 and 9 together less a little, so U~ is just below 1.
        Items items = SubsetBruteForce.randomItems(new SplittableRandom(11), 12, 3, false);
        long[] d = new long[3];
        for (int i = 0; i < 3; i++) {
            d[i] = items.a(2, i) + items.a(5, i) + items.a(9, i) - 1_000 * (i + 1);
        }
        double brute = SubsetBruteForce.best(items, d, 3);

        for (double gridGap : new double[] {0, BestSubsetSearch.GRID_GAP, 1}) {
            BestSubsetSearch.Best best = maximise(items, d, 3, 1_000_000, gridGap);

            assertThat(best.proven()).isTrue();
            assertThat(best.value()).isCloseTo(brute, within(1e-12));
            assertThat(best.positions()).containsExactly(2, 5, 9);
            assertThat(best.value()).isGreaterThan(0.999).isLessThan(1);
        }
    }

    @Test
    void shouldTradeOccupancyAgainstAdmissibilityWhenOneTotalIsTiny() {
        // A fifth of a core in total: u~_0 is about the occupancy of the chosen members, while the other two
        // totals need free capacity. 12 members, N = 4, every 4-set compared.
        Items items = SubsetBruteForce.randomItems(new SplittableRandom(5), 12, 3, false);
        long[] d = {UNIT / 5, 9 * UNIT, 8 * UNIT};
        double brute = SubsetBruteForce.best(items, d, 4);

        BestSubsetSearch.Best best = maximise(items, d, 4, 1_000_000, BestSubsetSearch.GRID_GAP);

        assertThat(brute).isLessThan(0.9);
        assertThat(best.proven()).isTrue();
        assertThat(best.value()).isCloseTo(brute, within(1e-12));
        assertThat(items.estimate(best.positions(), d)).isEqualTo(best.value());
    }

    @Test
    void shouldFlagAnUnprovenResultWithAValidUpperBoundWhenTheBudgetIsTiny() {
        Items items = SubsetBruteForce.randomItems(new SplittableRandom(3), 40, 3, true);
        long[] d = {8 * UNIT, 12 * UNIT, 12 * UNIT};
        double brute = SubsetBruteForce.best(items, d, 4);

        BestSubsetSearch.Best best = maximise(items, d, 4, 20, BestSubsetSearch.GRID_GAP);

        assertThat(best.proven()).isFalse();
        assertThat(best.value()).isLessThanOrEqualTo(brute);
        assertThat(best.upperBound()).isGreaterThanOrEqualTo(brute);
        assertThat(items.estimate(best.positions(), d)).isEqualTo(best.value());
    }

    static BestSubsetSearch.Best maximise(Items items, long[] d, int n, long nodes, double gridGap) {
        int[] start = SubsetSearch.findFeasible(items, d, n, new Budget(Long.MAX_VALUE));
        assertThat(start).as("an admissible set exists").isNotNull();
        return BestSubsetSearch.maximise(items, d, n, start, new Budget(nodes), gridGap);
    }
}
