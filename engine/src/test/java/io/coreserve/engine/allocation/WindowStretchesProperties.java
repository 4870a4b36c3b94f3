package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Stretches measured in live time cover the window exactly once in the search's order, and every stretch but the
 * last holds exactly the live time its turn asks for (the first stretch, then twice as much each time).
 */
class WindowStretchesProperties {

    @Property(tries = 300)
    void shouldCoverTheWindowOnceWithDoublingLiveTime(@ForAll long seed, @ForAll @IntRange(min = 0, max = 12) int pieces,
            @ForAll @IntRange(min = 1, max = 50) int first, @ForAll @IntRange(min = 1, max = 60) int duration) {
        Random random = new Random(seed);
        long earliest = random.nextInt(200);
        long latest = earliest + random.nextInt(2000);
        long[] live = new long[pieces * 2];
        long t = earliest - 100 + random.nextInt(150);        // live times may begin before the window and end after
        for (int q = 0; q < pieces; q++) {
            live[q * 2] = t + random.nextInt(200);
            live[q * 2 + 1] = live[q * 2] + random.nextInt(80);
            t = live[q * 2 + 1] + 2;
        }
        for (SearchOrder order : SearchOrder.values()) {
            List<List<Long>> stretches = WindowStretchesTest.stretches(earliest, latest, duration, order, first, live);
            long expected = earliest;
            List<List<Long>> ascending = new java.util.ArrayList<>(stretches);
            if (order == SearchOrder.LATEST) {
                java.util.Collections.reverse(ascending);
            }
            for (List<Long> s : ascending) {
                assertThat(s.get(0)).as("%s stretches of [%d, %d] are contiguous", order, earliest, latest)
                        .isEqualTo(expected);
                assertThat(s.get(1)).isGreaterThanOrEqualTo(s.get(0));
                expected = s.get(1) + 1;
            }
            assertThat(expected - 1).as("the window's end").isEqualTo(latest);
            long length = Math.max(first, duration);
            for (int k = 0; k < stretches.size() - 1; k++) {
                assertThat(liveIn(live, stretches.get(k).get(0), stretches.get(k).get(1)))
                        .as("%s stretch %d of %s, live %s", order, k, stretches, java.util.Arrays.toString(live))
                        .isEqualTo(length);
                length *= 2;
            }
            if (!stretches.isEmpty()) {
                List<Long> last = stretches.get(stretches.size() - 1);
                assertThat(liveIn(live, last.get(0), last.get(1))).isLessThanOrEqualTo(length);
            }
        }
    }

    private static long liveIn(long[] live, long from, long to) {
        long sum = 0;
        for (int q = 0; q < live.length; q += 2) {
            long lo = Math.max(live[q], from);
            long hi = Math.min(live[q + 1], to);
            sum += Math.max(0, hi - lo + 1);
        }
        return sum;
    }
}
