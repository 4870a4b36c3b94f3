package io.coreserve.engine.exact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** The branch and bound against every N-subset, on random small instances of both shapes. */
class BestSubsetSearchProperties {

    /** A random instance and an admissible set of it (null when there is none). */
    private record Instance(Items items, long[] d, int n, int[] start) {
    }

    /**
     * Totals either filled almost exactly by a random N-set (U~ near 1, the pair grid's case) or drawn from
     * [0.05, 1.1] times the mean N-set availability (a small total makes the occupancy case).
     */
    private static Instance instance(long seed, int size, int n, int properties, boolean nearFill, boolean mixed) {
        SplittableRandom random = new SplittableRandom(seed);
        Items items = SubsetBruteForce.randomItems(random, size, properties, mixed);
        long[] d = new long[properties];
        int[] chosen = random.ints(0, size).distinct().limit(Math.min(n, size)).toArray();
        for (int i = 0; i < properties; i++) {
            long sum = 0;
            long all = 0;
            for (int m : chosen) {
                sum += items.a(m, i);
            }
            for (int m = 0; m < size; m++) {
                all += items.a(m, i);
            }
            d[i] = nearFill ? Math.max(1, sum - random.nextLong(1 + sum / 200))
                    : Math.max(1, (long) (all * n / size * (0.05 + 1.05 * random.nextDouble())));
        }
        return new Instance(items, d, n, SubsetSearch.findFeasible(items, d, n, new Budget(Long.MAX_VALUE)));
    }

    @Property(tries = 2000)
    void shouldMatchEveryNSetWhenItFinishes(@ForAll("seeds") long seed, @ForAll @IntRange(min = 5, max = 13) int size,
            @ForAll @IntRange(min = 1, max = 5) int n, @ForAll @IntRange(min = 1, max = 3) int properties,
            @ForAll boolean nearFill, @ForAll boolean mixed, @ForAll("gridGaps") double gridGap) {
        Instance x = instance(seed, size, n, properties, nearFill, mixed);
        double brute = SubsetBruteForce.best(x.items(), x.d(), x.n());
        if (x.start() == null) {
            assertThat(brute).as("no admissible set").isNaN();
            return;
        }

        BestSubsetSearch.Best best = BestSubsetSearch.maximise(x.items(), x.d(), x.n(), x.start(),
                new Budget(10_000_000), gridGap);

        assertThat(best.proven()).isTrue();
        assertThat(best.value()).isCloseTo(brute, within(1e-12 * brute + 1e-15));
        assertThat(best.upperBound()).isEqualTo(best.value());
        assertThat(best.positions()).hasSize(x.n()).doesNotHaveDuplicates().isSorted();
        assertThat(x.items().estimate(best.positions(), x.d())).isEqualTo(best.value());
    }

    @Property(tries = 1000)
    void shouldBoundTheOptimumWhenTheBudgetRunsOut(@ForAll("seeds") long seed,
            @ForAll @IntRange(min = 8, max = 14) int size, @ForAll @IntRange(min = 2, max = 5) int n,
            @ForAll boolean nearFill, @ForAll @IntRange(min = 1, max = 300) int nodes) {
        Instance x = instance(seed, size, n, 3, nearFill, true);
        if (x.start() == null) {
            return;
        }
        double brute = SubsetBruteForce.best(x.items(), x.d(), x.n());

        BestSubsetSearch.Best best = BestSubsetSearch.maximise(x.items(), x.d(), x.n(), x.start(), new Budget(nodes));

        assertThat(best.value()).isLessThanOrEqualTo(brute);
        assertThat(best.upperBound()).isGreaterThanOrEqualTo(brute * (1 - 1e-12));
        assertThat(x.items().estimate(best.positions(), x.d())).isEqualTo(best.value());
        if (best.proven()) {
            assertThat(best.value()).isCloseTo(brute, within(1e-12 * brute));
        }
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Provide
    Arbitrary<Double> gridGaps() {
        return Arbitraries.of(0.0, BestSubsetSearch.GRID_GAP, 1.0);
    }
}
