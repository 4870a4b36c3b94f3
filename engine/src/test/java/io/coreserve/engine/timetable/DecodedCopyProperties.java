package io.coreserve.engine.timetable;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link DecodedCopy#segmentAt} against a plain walk over the rows, on copies edited at random: from a few
 * breakpoints in a day (no hour index: a search over all rows) to hundreds in an hour (the hour index kept up to date
 * by every edit, and a search between the rows of an hour's start and the next one's), asked at random times, at the
 * breakpoints, a millisecond either side of them, and at the last millisecond of hours.
 */
class DecodedCopyProperties {

    private static final long HOUR = RunIndex.BUCKET;

    @Property(tries = 300)
    void shouldFindTheSegmentHoldingEveryTime(@ForAll long seed, @ForAll @IntRange(min = 1, max = 600) int edits,
            @ForAll @IntRange(min = 1, max = 48) int hours) {
        Random random = new Random(seed);
        DecodedCopy copy = new DecodedCopy(1, 1);
        long origin = 1_800_000_000_000L + random.nextInt(1000) * HOUR;
        long span = hours * HOUR;
        long[] amount = {1};
        for (int e = 0; e < edits; e++) {
            long from = origin + random.nextLong(span);
            long to = from + 1 + random.nextLong(Math.max(1, span / (1 + random.nextInt(50))));
            copy.add(from, to, amount, 1);
            assertAgreesAt(copy, from, to, origin, span, random);
        }
    }

    private static void assertAgreesAt(DecodedCopy copy, long from, long to, long origin, long span, Random random) {
        long[] asked = {from - 1, from, from + 1, to - 1, to, to + 1, origin - 1, origin + span,
                Math.floorDiv(from, HOUR) * HOUR - 1, Math.floorDiv(to, HOUR) * HOUR + HOUR - 1,
                origin + random.nextLong(span)};
        for (long t : asked) {
            assertThat(copy.segmentAt(t)).as("the segment at %d of %d rows", t, copy.count).isEqualTo(plain(copy, t));
        }
        for (int r = 1; r <= copy.count; r++) {
            long t = copy.times[r];
            assertThat(copy.segmentAt(t)).isEqualTo(plain(copy, t));
            assertThat(copy.segmentAt(t - 1)).isEqualTo(plain(copy, t - 1));
        }
    }

    /** The last row whose time is at or before t (0: before the first breakpoint). */
    private static int plain(DecodedCopy copy, long t) {
        int r = 0;
        while (r < copy.count && copy.times[r + 1] <= t) {
            r++;
        }
        return r;
    }
}
