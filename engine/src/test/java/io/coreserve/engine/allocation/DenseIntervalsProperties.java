package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Phase III's domain-wide bound counts where at least N candidates may be free in two ways
 * ({@link StartTimeCandidates#denseByHours} without a sort, {@link StartTimeCandidates#denseByEvents} with one): on
 * stretches of whole hours of a window, as the books' hour levels answer, both give the same times.
 */
class DenseIntervalsProperties {

    private static final long HOUR = 3_600_000L;

    @Property(tries = 300)
    void shouldFindTheSameDenseTimesByHoursAsByEvents(@ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int n) {
        Random random = new Random(seed);
        long from = (random.nextInt(2_000) - 1_000) * HOUR + (random.nextBoolean() ? random.nextInt((int) HOUR) : 0);
        long to = from + random.nextInt(200) * HOUR + random.nextInt((int) HOUR);
        int candidates = 1 + random.nextInt(12);
        List<Long> stretches = new ArrayList<>();
        for (int k = 0; k < candidates; k++) {
            // Each candidate's stretches: ascending, disjoint runs of whole hours, clipped to the window.
            long hour = Math.floorDiv(from, HOUR) + random.nextInt(5);
            while (hour * HOUR <= to) {
                long last = hour + random.nextInt(8);
                long lo = Math.max(from, hour * HOUR);
                long hi = Math.min(to, (last + 1) * HOUR - 1);
                if (lo <= hi) {
                    stretches.add(lo);
                    stretches.add(hi);
                }
                hour = last + 2 + random.nextInt(10);
            }
        }
        long[] known = stretches.stream().mapToLong(Long::longValue).toArray();
        int count = known.length / 2;
        long[] byHours = StartTimeCandidates.denseByHours(known, count, n, from, to);
        long[] byEvents = StartTimeCandidates.denseByEvents(known, count, n, new LongSort());
        assertThat(byHours).as("stretches of whole hours are counted by hours").isNotNull();
        assertThat(joined(byHours)).as("dense times over [%d, %d], n = %d", from, to, n)
                .isEqualTo(joined(byEvents));
    }

    @Test
    void shouldLeaveStretchesThatAreNotWholeHoursToTheEvents() {
        long from = 10 * HOUR + 5;
        long to = 20 * HOUR;
        long[] known = {from, 12 * HOUR - 1, 13 * HOUR + 1, 14 * HOUR - 1};
        assertThat(StartTimeCandidates.denseByHours(known, 2, 1, from, to)).isNull();
        assertThat(StartTimeCandidates.denseByHours(new long[] {from, 12 * HOUR - 1}, 1, 1, from, to))
                .containsExactly(from, 12 * HOUR - 1);
        assertThat(StartTimeCandidates.denseByHours(new long[] {from, 12 * HOUR - 1}, 1, 1, from, to + 1000))
                .containsExactly(from, 12 * HOUR - 1);
    }

    /** The intervals with touching ones joined: the same times whichever way they were cut. */
    private static List<String> joined(long[] intervals) {
        List<String> result = new ArrayList<>();
        long lo = 0;
        long hi = 0;
        boolean open = false;
        for (int q = 0; q < intervals.length / 2; q++) {
            if (open && intervals[q * 2] <= hi + 1) {
                hi = Math.max(hi, intervals[q * 2 + 1]);
                continue;
            }
            if (open) {
                result.add(lo + ".." + hi);
            }
            lo = intervals[q * 2];
            hi = intervals[q * 2 + 1];
            open = true;
        }
        if (open) {
            result.add(lo + ".." + hi);
        }
        return result;
    }
}
