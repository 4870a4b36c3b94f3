package io.coreserve.engine.exact;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

class PairGridProperties {

    @Property(tries = 300)
    void shouldVisitEveryPairInTheBoxOnceAndOnlyPairsFromTheSuffix(@ForAll long seed,
            @ForAll @IntRange(min = 2, max = 40) int size, @ForAll @IntRange(min = 1, max = 4) int properties,
            @ForAll @LongRange(min = 1, max = 20_000_000) long width, @ForAll @IntRange(min = 0, max = 40) int from) {
        SplittableRandom random = new SplittableRandom(seed);
        Items items = SubsetBruteForce.randomItems(random, size, properties, true);
        long[] widths = new long[properties];
        long[] lo = new long[properties];
        long[] hi = new long[properties];
        for (int i = 0; i < properties; i++) {
            widths[i] = width * (1 + random.nextInt(3));
            lo[i] = random.nextLong(12_000_000);
            hi[i] = lo[i] + random.nextLong(8_000_000) - 500_000;
        }
        PairGrid grid = PairGrid.build(items, widths);

        Set<Long> visited = new HashSet<>();
        grid.forEach(lo, hi, from, (x, y) -> {
            assertThat(x).isGreaterThanOrEqualTo(from).isLessThan(y);
            assertThat(visited.add((long) x * size + y)).as("visited once").isTrue();
            return true;
        });

        for (int x = from; x < size; x++) {
            for (int y = x + 1; y < size; y++) {
                boolean inBox = true;
                for (int g = 0; g < grid.keyed(); g++) {
                    long sum = items.a(x, g) + items.a(y, g);
                    inBox &= sum >= lo[g] && sum <= hi[g];
                }
                if (inBox) {
                    assertThat(visited).contains((long) x * size + y);
                }
            }
        }
    }
}
