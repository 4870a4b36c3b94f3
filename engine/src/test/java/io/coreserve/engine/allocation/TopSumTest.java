package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

class TopSumTest {

    @Property(tries = 300)
    void shouldEqualTheSumOfTheKLargestAfterSorting(@ForAll @Size(min = 1, max = 40) long[] values,
            @ForAll @IntRange(min = 1, max = 45) int k) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        long expected = 0;
        for (int m = sorted.length - 1; m >= Math.max(0, sorted.length - k); m--) {
            expected += sorted[m];
        }
        assertThat(TopSum.ofLargest(values.clone(), values.length, k)).isEqualTo(expected);
    }

    @Property(tries = 100)
    void shouldHandleManyTies(@ForAll @Size(min = 1, max = 60) long[] raw, @ForAll @IntRange(min = 1, max = 60) int k,
            @ForAll @LongRange(min = 1, max = 3) long buckets) {
        long[] values = Arrays.stream(raw).map(v -> Math.floorMod(v, buckets)).toArray();
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        long expected = 0;
        for (int m = sorted.length - 1; m >= Math.max(0, sorted.length - k); m--) {
            expected += sorted[m];
        }
        assertThat(TopSum.ofLargest(values, values.length, k)).isEqualTo(expected);
    }
}
