package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/** The radix sort orders any longs as {@link Arrays#sort} does: any count, range, sign, and repeated values. */
class LongSortProperties {

    @Property(tries = 300)
    void shouldSortAsArraysSortDoes(@ForAll long seed) {
        Random random = new Random(seed);
        LongSort sorter = new LongSort();
        for (int round = 0; round < 4; round++) {            // one sorter, reused with its scratch
            int count = random.nextBoolean() ? random.nextInt(LongSort.MIN_RADIX * 2)
                    : LongSort.MIN_RADIX + random.nextInt(5000);
            long base = random.nextInt(4) == 0 ? Long.MIN_VALUE + random.nextInt(1000) : random.nextLong() >> 2;
            int bits = 1 + random.nextInt(63);                // ranges from a bit (many repeats) to the whole of long
            long[] values = new long[count + 3];
            for (int k = 0; k < count; k++) {
                long offset = bits == 63 ? random.nextLong() : random.nextLong() & ((1L << bits) - 1);
                values[k] = random.nextInt(50) == 0 ? base : base + offset;
            }
            values[count] = 7;                               // beyond the count: left alone
            long[] expected = Arrays.copyOf(values, count);
            Arrays.sort(expected);
            sorter.sort(values, count);
            assertThat(Arrays.copyOf(values, count)).as("%d values over %d bits", count, bits).isEqualTo(expected);
            assertThat(values[count]).isEqualTo(7);
        }
    }
}
