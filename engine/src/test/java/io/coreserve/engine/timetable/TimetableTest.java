package io.coreserve.engine.timetable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimetableTest {

    private static final int CORES = 0;
    private static final int MEMORY = 1;

    /** cores: [10,15) = 2, [15,20) = 5, [20,30) = 3, elsewhere 0; memory: 7 on [15,30). */
    private static Timetable twoOverlappingReservations() {
        Timetable t = new Timetable(2);
        t.reserve(10, 20, new long[] {2, 0});
        t.reserve(15, 30, new long[] {3, 7});
        return t;
    }

    @Test
    void shouldReportNothingReservedOnAnEmptyTimetable() {
        Timetable t = new Timetable(2);
        long[] max = {-1, -1};
        t.maxReserved(0, 100, max);
        assertThat(max).containsExactly(0, 0);
        assertThat(t.breakpoints()).isZero();
    }

    @Test
    void shouldKnowItsLastBreakpointThroughEdits() {
        Timetable t = twoOverlappingReservations();
        assertThat(t.lastBreakpoint()).isEqualTo(30);
        t.reserve(40, 55, new long[] {1, 1});
        assertThat(t.lastBreakpoint()).as("after a later reservation").isEqualTo(55);
        t.release(40, 55, new long[] {1, 1});
        assertThat(t.lastBreakpoint()).as("after releasing it").isEqualTo(30);
        // Many breakpoints: several blocks, the last one decoded.
        for (long s = 100; s < 10_000; s += 10) {
            t.reserve(s, s + 5, new long[] {1, 0});
        }
        assertThat(t.lastBreakpoint()).isEqualTo(9_995);
        t.forgetBefore(20_000);
        long[] max = new long[2];
        t.maxReserved(9_000, 30_000, max);
        assertThat(max).containsExactly(0, 0);
        assertThat(t.lastBreakpoint()).as("everything forgotten").isLessThanOrEqualTo(20_000);
        assertThat(new Timetable(1).lastBreakpoint()).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void shouldReturnTheMaximumReservedOverAnInterval() {
        Timetable t = twoOverlappingReservations();
        long[] max = new long[2];

        t.maxReserved(12, 18, max);
        assertThat(max).containsExactly(5, 7);
        t.maxReserved(20, 25, max);
        assertThat(max).containsExactly(3, 7);
        t.maxReserved(0, 10, max); // [0,10) ends where the first reservation starts
        assertThat(max).containsExactly(0, 0);
        t.maxReserved(5, 11, max);
        assertThat(max).containsExactly(2, 0);
        t.maxReserved(30, 40, max);
        assertThat(max).containsExactly(0, 0);
    }

    @Test
    void shouldAnswerTheReservedAmountAtATime() {
        Timetable t = twoOverlappingReservations();
        assertThat(t.reservedAt(9, CORES)).isZero();
        assertThat(t.reservedAt(10, CORES)).isEqualTo(2);
        assertThat(t.reservedAt(19, CORES)).isEqualTo(5);
        assertThat(t.reservedAt(20, MEMORY)).isEqualTo(7);
        assertThat(t.reservedAt(30, MEMORY)).isZero();
    }

    @Test
    void shouldReportThePointsWhereAvailabilityIncreases() {
        Timetable t = twoOverlappingReservations();
        // cores drop 5 -> 3 at 20 and 3 -> 0 at 30 (memory drops at 30 too); nothing drops at 10 or 15.
        assertThat(increases(t, 0, 100)).containsExactly(20L, 30L);
        assertThat(increases(t, 20, 30)).containsExactly(30L); // the window is (from, to]
        assertThat(increases(t, 0, 19)).isEmpty();
    }

    @Test
    void shouldKeepOneBreakpointWhereAdjacentReservationsJoinSeamlessly() {
        Timetable t = new Timetable(1);
        t.reserve(10, 20, new long[] {1});
        t.reserve(20, 30, new long[] {1});
        assertThat(t.times()).containsExactly(10L, 30L);
        assertThat(t.values()).containsExactly(1L, 0L);
    }

    @Test
    void shouldRestoreTheTimetableExactlyWhenAReservationIsReleased() {
        Timetable t = twoOverlappingReservations();
        long[] times = t.times();
        long[] values = t.values();

        t.reserve(12, 25, new long[] {100_001, 333_333});
        t.release(12, 25, new long[] {100_001, 333_333});

        assertThat(t.times()).containsExactly(times);
        assertThat(t.values()).containsExactly(values);
    }

    @Test
    void shouldBecomeEmptyWhenEveryReservationIsReleased() {
        Timetable t = twoOverlappingReservations();
        t.release(10, 20, new long[] {2, 0});
        t.release(15, 30, new long[] {3, 7});
        assertThat(t.breakpoints()).isZero();
    }

    @Test
    void shouldRefuseToReleaseMoreThanIsReservedAndChangeNothing() {
        Timetable t = twoOverlappingReservations();
        long[] values = t.values();
        assertThatThrownBy(() -> t.release(10, 25, new long[] {3, 0}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> t.release(5, 15, new long[] {1, 0}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(t.values()).containsExactly(values);
    }

    @Test
    void shouldRejectAnEmptyInterval() {
        Timetable t = new Timetable(1);
        assertThatThrownBy(() -> t.reserve(10, 10, new long[] {1})).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldVisitTheSegmentsOfAnIntervalWithTheFirstStartClipped() {
        Timetable t = twoOverlappingReservations();
        List<String> seen = new ArrayList<>();
        t.forEachSegment(12, 25, (start, reserved, offset) ->
                seen.add(start + ":" + reserved[offset] + "/" + reserved[offset + 1]));
        assertThat(seen).containsExactly("12:2/0", "15:5/7", "20:3/7");
    }

    @Test
    void shouldLoadBreakpointsInOnePassAndRefuseOnesThatAreNotAStepFunctionOfReservations() {
        Timetable reference = twoOverlappingReservations();
        Timetable t = new Timetable(2);
        t.load(reference.times(), reference.values(), reference.breakpoints());
        assertThat(t.times()).containsExactly(10, 15, 20, 30);
        assertThat(t.values()).containsExactly(2, 0, 5, 7, 3, 7, 0, 0);

        assertThatThrownBy(() -> t.load(new long[] {10, 10}, new long[] {1, 0, 0, 0}, 2))
                .hasMessageContaining("ascend");
        assertThatThrownBy(() -> t.load(new long[] {10, 20, 30}, new long[] {1, 0, 1, 0, 0, 0}, 3))
                .hasMessageContaining("changes nothing");
        assertThatThrownBy(() -> t.load(new long[] {10, 20}, new long[] {1, 0, 2, 0}, 2))
                .hasMessageContaining("must end");
        assertThatThrownBy(() -> t.load(new long[] {10, 20}, new long[] {-1, 0, 0, 0}, 2))
                .hasMessageContaining("negative");
        assertThat(t.times()).containsExactly(10, 15, 20, 30);
    }

    @Test
    void shouldKeepBackToBackReservationsInFewerBytesThanPlainLongs() {
        Timetable t = new Timetable(3);
        long minute = 60_000L;
        for (int k = 0; k < 1_000; k++) {
            // Alternating gaps and back-to-back bookings of arbitrary micro-unit amounts, on whole minutes.
            long from = k * 90 * minute;
            t.reserve(from, from + (k % 2 == 0 ? 90 : 60) * minute,
                    new long[] {1_000_000L + 7 * k, 2_680_000L - 3 * k, 3_500_000L + 11 * k});
        }
        t.trim();
        // Plain longs would take 8 + 3 * 8 = 32 bytes per breakpoint. About 0.6 of these bytes are the block index's
        // per-block minima (3 longs per block of up to 64 breakpoints), which let a search skip busy blocks.
        assertThat((double) t.encodedBytes() / t.breakpoints()).isLessThan(13.0);
    }

    private static List<Long> increases(Timetable t, long from, long to) {
        List<Long> points = new ArrayList<>();
        t.forEachAvailabilityIncrease(from, to, points::add);
        return points;
    }

    @Test
    void shouldForgetThePastButKeepWhatIsReservedAtTheWatermark() {
        Timetable t = new Timetable(2);
        for (int k = 0; k < 1_000; k++) {
            t.reserve(k * 100L, k * 100L + 60, new long[] {1, 2});   // 1,000 ended-by-now reservations
        }
        t.reserve(99_950, 100_500, new long[] {4, 0});               // runs across the watermark
        t.reserve(100_200, 100_300, new long[] {1, 1});

        t.forgetBefore(100_000);

        assertThat(t.times()).containsExactly(100_000, 100_200, 100_300, 100_500);
        long[] max = new long[2];
        t.maxReserved(100_000, 100_100, max);
        assertThat(max).containsExactly(4, 0);
        t.maxReserved(100_000, 101_000, max);
        assertThat(max).containsExactly(5, 1);
        t.maxReserved(0, 100_000, max);
        assertThat(max).as("the past counts as free").containsExactly(0, 0);
    }

    @Test
    void shouldReleaseAReservationAcrossTheWatermarkAsFarAsItIsKept() {
        Timetable t = new Timetable(1);
        t.reserve(0, 50, new long[] {3});
        t.reserve(90, 200, new long[] {2});
        t.forgetBefore(100);

        t.release(90, 200, new long[] {2});
        t.release(0, 50, new long[] {3});                           // wholly forgotten: nothing to do

        assertThat(t.breakpoints()).isZero();
        t.reserve(50, 150, new long[] {1});                         // only [100, 150) is kept
        assertThat(t.times()).containsExactly(100, 150);
    }

    @Test
    void shouldApplyTheWatermarkToTimetablesCreatedLaterAndToBooksRebuiltAfterIt() {
        InMemoryTimetables store = new InMemoryTimetables(2, 1);
        store.reserve(0, 0, 10, new long[] {1});
        store.forgetBefore(1_000);

        store.reserve(1, 0, 500, new long[] {5});                   // ended before the watermark: a no-op
        store.reserve(1, 900, 1_100, new long[] {2});

        assertThat(store.timetable(0).breakpoints()).isZero();
        assertThat(store.timetable(1).times()).containsExactly(1_000, 1_100);
        assertThat(store.breakpoints()).isEqualTo(2);
        assertThat(store.forgottenBefore()).isEqualTo(1_000);
    }
}
