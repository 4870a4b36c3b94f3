package io.coreserve.engine.timetable;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link InMemoryTimetables#lastSegmentsSpan}, the last two segments of every timetable kept side by side, against
 * the timetables themselves: asked after every reservation, release and forgetting of the past (so that an entry not
 * forgotten at an edit would show), it answers exactly when the time lies at or after the last breakpoint but one,
 * and then with the same segments from that time on as visiting the timetable, with or without decoded copies, over
 * enough breakpoints that the last block sometimes holds a single one.
 */
class LastSegmentsProperties {

    private static final int RESOURCES = 3;
    private static final long MINUTE = 60_000L;

    @Property(tries = 100)
    void shouldSpanTheTimetablesLastSegments(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3) int p,
            @ForAll boolean copies) {
        Random random = new Random(seed);
        InMemoryTimetables store = copies ? new InMemoryTimetables(RESOURCES, p, 1L << 24, 0)
                : new InMemoryTimetables(RESOURCES, p, 0);
        List<List<long[]>> booked = new ArrayList<>();
        for (int k = 0; k < RESOURCES; k++) {
            booked.add(new ArrayList<>());
        }
        DecodedSpan span = new DecodedSpan();
        long watermark = Long.MIN_VALUE;
        int spanned = 0;
        for (int op = 0; op < 500; op++) {
            int k = random.nextInt(RESOURCES);
            List<long[]> mine = booked.get(k);
            int kind = random.nextInt(20);
            if (kind < 4 && !mine.isEmpty()) {
                long[] r = mine.remove(random.nextInt(mine.size()));
                store.release(k, r[0], r[1], Arrays.copyOfRange(r, 2, 2 + p));
            } else if (kind == 4) {
                // In the first half of the reservations' times: a watermark near their end forgot every later
                // reservation too (they begin before it), leaving a try with empty books and nothing to ask.
                watermark = Math.max(watermark, random.nextInt(1_500) * MINUTE);
                store.forgetBefore(watermark);
            } else {
                long from = random.nextInt(3_000) * MINUTE + (random.nextBoolean() ? 0 : random.nextInt(1_000));
                long[] r = new long[2 + p];
                r[0] = from;
                r[1] = from + (1 + random.nextInt(random.nextBoolean() ? 5 : 120)) * MINUTE;
                for (int i = 0; i < p; i++) {
                    r[2 + i] = CompactTimetableProperties.amount(random);
                }
                store.reserve(k, r[0], r[1], Arrays.copyOfRange(r, 2, 2 + p));
                mine.add(r);
            }
            int asked = random.nextInt(RESOURCES);
            long[] times = store.timetable(asked).times();
            long from = fromNearTheEnd(times, random);
            boolean expected = times.length >= 2 && from >= times[times.length - 2];
            assertThat(store.lastSegmentsSpan(asked, from, span))
                    .as("resource %d from %d, breakpoints %s", asked, from, Arrays.toString(times))
                    .isEqualTo(expected);
            if (expected) {
                spanned++;
                long to = from + 1 + random.nextInt(400) * MINUTE;
                int resource = asked;
                assertThat(CompactTimetableProperties.segments(span, from, to, p))
                        .as("last segments of resource %d over [%d, %d)", asked, from, to)
                        .isEqualTo(CompactTimetableProperties.segments(
                                (f, t, visitor) -> store.forEachSegment(resource, f, t, visitor), from, to, p));
            }
        }
        assertThat(spanned).as("questions answered from the last segments").isPositive();
    }

    /**
     * A timetable of 100 one-minute reservations, released from the last back to the first: its last block shrinks
     * until it holds a single breakpoint (the end of a reservation that begins in the block before it: its base then
     * gives the amounts of the last segment but one, and the block before it that segment's start), then none.
     */
    @Example
    void shouldSpanTheLastSegmentsWhereverTheLastBlockBegins() {
        int p = 2;
        InMemoryTimetables store = new InMemoryTimetables(1, p, 0);
        long[] amounts = {3, 7};
        for (int k = 0; k < 100; k++) {
            store.reserve(0, 2 * k * MINUTE, (2 * k + 1) * MINUTE, amounts);
        }
        DecodedSpan span = new DecodedSpan();
        for (int k = 99; k >= 1; k--) {
            store.release(0, 2 * k * MINUTE, (2 * k + 1) * MINUTE, amounts);
            long[] times = store.timetable(0).times();
            long lastButOne = times[times.length - 2];
            assertThat(lastButOne).isEqualTo(2 * (k - 1) * MINUTE);
            assertThat(store.lastSegmentsSpan(0, lastButOne - 1, span)).as("%d reservations, before", k).isFalse();
            for (long from : new long[] {lastButOne, lastButOne + 1, times[times.length - 1], lastButOne + 9 * MINUTE}) {
                assertThat(store.lastSegmentsSpan(0, from, span)).as("%d reservations, from %d", k, from).isTrue();
                long to = from + 10 * MINUTE;
                assertThat(CompactTimetableProperties.segments(span, from, to, p)).as("%d reservations", k)
                        .isEqualTo(CompactTimetableProperties.segments(
                                (f, t, visitor) -> store.forEachSegment(0, f, t, visitor), from, to, p));
            }
        }
    }

    /** Mostly around the last two breakpoints (just before, inside, after), sometimes anywhere. */
    private static long fromNearTheEnd(long[] times, Random random) {
        if (times.length < 2 || random.nextInt(4) == 0) {
            return random.nextInt(3_200) * MINUTE - random.nextInt(1_000);
        }
        long lastButOne = times[times.length - 2];
        long last = times[times.length - 1];
        return lastButOne - 2 + (long) (random.nextDouble() * (last - lastButOne + 2 * MINUTE));
    }
}
