package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The signature never rejects an entry that asks no more than a request of every requirement (what the memory's scan
 * relies on to stay exact), and rejects one that asks twice as much of one requirement within its range.
 */
class RequirementSignatureProperties {

    @Property(tries = 500)
    void shouldKeepEveryEntryThatAsksNoMore(@ForAll long seed) {
        Random random = new Random(seed);
        int width = 1 + random.nextInt(10);                   // fewer and more requirements than the eight bytes
        long[] entry = new long[width];
        long[] wanted = new long[width];
        for (int j = 0; j < width; j++) {
            entry[j] = value(random);
            long more = random.nextInt(3) == 0 ? 0 : random.nextLong() >>> (1 + random.nextInt(63));
            wanted[j] = entry[j] + Math.min(more, Long.MAX_VALUE - entry[j]);
        }
        assertThat(RequirementSignature.noMoreThan(RequirementSignature.of(entry), RequirementSignature.of(wanted)))
                .as("entry %s, wanted %s", java.util.Arrays.toString(entry), java.util.Arrays.toString(wanted))
                .isTrue();
    }

    @Property(tries = 500)
    void shouldRejectAnEntryAskingTwiceAsMuchOfOneRequirement(@ForAll long seed) {
        Random random = new Random(seed);
        int width = 2 + 2 * (1 + random.nextInt(3));
        long[] wanted = new long[width];
        for (int j = 0; j < width; j++) {
            wanted[j] = 2 + random.nextInt(1 << 30);           // within the codes' range even when doubled
        }
        long[] entry = wanted.clone();
        int larger = random.nextInt(Math.min(8, width));
        entry[larger] = wanted[larger] * 2;
        assertThat(RequirementSignature.noMoreThan(RequirementSignature.of(entry), RequirementSignature.of(wanted)))
                .as("requirement %d doubled", larger).isFalse();
        assertThat(RequirementSignature.noMoreThan(RequirementSignature.NONE, RequirementSignature.of(wanted)))
                .as("no entry").isFalse();
    }

    @Property(tries = 200)
    void shouldCodeMonotonically(@ForAll long a, @ForAll long b) {
        long low = Math.min(a, b);
        long high = Math.max(a, b);
        assertThat(RequirementSignature.code(low)).isLessThanOrEqualTo(RequirementSignature.code(high));
        assertThat(RequirementSignature.code(high)).isBetween(0, 127);
    }

    /** Zero, small, workload-sized (durations in ms, amounts in micro-units) or any non-negative long. */
    private static long value(Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> random.nextInt(3);
            case 1 -> random.nextInt(100);
            case 2 -> 60_000L + random.nextInt(100_000_000);
            default -> random.nextLong() >>> 1;
        };
    }
}
