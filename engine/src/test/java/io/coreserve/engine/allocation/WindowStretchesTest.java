package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The stretches cover the window exactly once, in the search's order, each twice as long as the one before. */
class WindowStretchesTest {

    @Test
    void shouldCoverTheWindowFromItsStartInDoublingStretchesForTheEarliestSearch() {
        assertThat(stretches(100, 200, 1, SearchOrder.EARLIEST, 10))
                .containsExactly(List.of(100L, 109L), List.of(110L, 129L), List.of(130L, 169L), List.of(170L, 200L));
    }

    @Test
    void shouldCoverTheWindowFromItsEndForTheLatestSearch() {
        assertThat(stretches(100, 200, 1, SearchOrder.LATEST, 10))
                .containsExactly(List.of(191L, 200L), List.of(171L, 190L), List.of(131L, 170L), List.of(100L, 130L));
    }

    @Test
    void shouldNeverMakeAStretchShorterThanTheDuration() {
        assertThat(stretches(0, 99, 40, SearchOrder.EARLIEST, 10))
                .containsExactly(List.of(0L, 39L), List.of(40L, 99L));
    }

    @Test
    void shouldTakeASingleInstantWindowAndNothingOfAnEmptyOne() {
        assertThat(stretches(7, 7, 5, SearchOrder.EARLIEST, 10)).containsExactly(List.of(7L, 7L));
        assertThat(stretches(7, 7, 5, SearchOrder.LATEST, 10)).containsExactly(List.of(7L, 7L));
        assertThat(stretches(8, 7, 5, SearchOrder.EARLIEST, 10)).isEmpty();
    }

    @Test
    void shouldNotOverflowAtTheEndsOfTime() {
        long far = Long.MAX_VALUE - 5;
        List<List<Long>> up = stretches(Long.MAX_VALUE - 1000, far, 1, SearchOrder.EARLIEST, Long.MAX_VALUE / 3);
        assertThat(up).containsExactly(List.of(Long.MAX_VALUE - 1000, far));
        List<List<Long>> down = stretches(Long.MIN_VALUE + 3, Long.MIN_VALUE + 1000, 1, SearchOrder.LATEST,
                Long.MAX_VALUE / 3);
        assertThat(down).containsExactly(List.of(Long.MIN_VALUE + 3, Long.MIN_VALUE + 1000));
        // Many doublings over a window of the whole range end at its end, not in an overflow.
        List<List<Long>> all = stretches(Long.MIN_VALUE, Long.MAX_VALUE, 1, SearchOrder.EARLIEST, 1);
        assertThat(all.get(0)).containsExactly(Long.MIN_VALUE, Long.MIN_VALUE);
        assertThat(all.get(all.size() - 1).get(1)).isEqualTo(Long.MAX_VALUE);
        for (int k = 1; k < all.size(); k++) {
            assertThat(all.get(k).get(0)).isEqualTo(all.get(k - 1).get(1) + 1);
        }
    }

    @Test
    void shouldMeasureStretchesInLiveTimeAndTakeTheDeadTimesBetweenWithThem() {
        long[] live = {100, 104, 500, 600};
        assertThat(stretches(0, 1000, 1, SearchOrder.EARLIEST, 10, live)).containsExactly(List.of(0L, 504L),
                List.of(505L, 524L), List.of(525L, 564L), List.of(565L, 1000L));
        assertThat(stretches(0, 1000, 1, SearchOrder.LATEST, 10, live)).containsExactly(List.of(591L, 1000L),
                List.of(571L, 590L), List.of(531L, 570L), List.of(0L, 530L));
    }

    @Test
    void shouldTakeAWindowWithNoLiveTimeAtOnce() {
        assertThat(stretches(0, 1000, 1, SearchOrder.EARLIEST, 10, new long[0])).containsExactly(List.of(0L, 1000L));
        assertThat(stretches(0, 1000, 1, SearchOrder.LATEST, 10, new long[0])).containsExactly(List.of(0L, 1000L));
    }

    @Test
    void shouldNotOverflowCountingLiveTimeAtTheEndsOfTime() {
        long[] everything = {Long.MIN_VALUE, Long.MAX_VALUE};
        assertThat(stretches(Long.MAX_VALUE - 1000, Long.MAX_VALUE, 1, SearchOrder.EARLIEST, Long.MAX_VALUE / 3,
                everything)).containsExactly(List.of(Long.MAX_VALUE - 1000, Long.MAX_VALUE));
        assertThat(stretches(Long.MIN_VALUE, Long.MIN_VALUE + 1000, 1, SearchOrder.LATEST, Long.MAX_VALUE / 3,
                everything)).containsExactly(List.of(Long.MIN_VALUE, Long.MIN_VALUE + 1000));
    }

    @Test
    void shouldRefuseAnEmptyFirstStretch() {
        assertThatThrownBy(() -> new WindowStretches(0, 10, 1, SearchOrder.EARLIEST, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static List<List<Long>> stretches(long earliest, long latest, long duration, SearchOrder order,
            long first) {
        return stretches(earliest, latest, duration, order, first, null);
    }

    static List<List<Long>> stretches(long earliest, long latest, long duration, SearchOrder order, long first,
            long[] live) {
        List<List<Long>> result = new ArrayList<>();
        WindowStretches stretches = new WindowStretches(earliest, latest, duration, order, first, live);
        while (stretches.next()) {
            result.add(List.of(stretches.from(), stretches.to()));
            assertThat(result).as("stretches of [%d, %d]", earliest, latest).hasSizeLessThan(200);
        }
        return result;
    }
}
