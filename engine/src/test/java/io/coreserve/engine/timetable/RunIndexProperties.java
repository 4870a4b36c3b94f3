package io.coreserve.engine.timetable;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * The run index ({@link Timetable#possibleStarts}) never leaves out a start time at which the timetable stays
 * within the thresholds for the duration, also after reservations, releases and forgetting change summarised hours;
 * its stretches are ascending, disjoint and inside the asked range; and it does leave out the hours where only
 * shorter gaps exist, which is what it is for.
 */
class RunIndexProperties {

    private static final long MINUTE = 60_000L;
    private static final long HOUR = 60 * MINUTE;

    /** The lowest level reaching a limit, computed at once, is the one found by trying each level in turn. */
    @Property(tries = 2000)
    void theLowestLevelReachingALimitIsTheOneFoundLevelByLevel(@ForAll long seed) {
        Random random = new Random(seed);
        long[] scales = {0, 1, 15, 16, 17, 1 + random.nextInt(1000), random.nextLong(1L << 40),
                random.nextLong() >>> 1, Long.MAX_VALUE};
        for (long scale : scales) {
            long[] limits = {Long.MIN_VALUE, -1, 0, 1, scale, scale - 1, scale + 1,
                    Math.floorMod(random.nextLong(), scale == Long.MAX_VALUE ? scale : scale + 1),
                    RunIndex.multiplyFloor(scale, random.nextInt(RunIndex.STEPS)),
                    RunIndex.multiplyFloor(scale, random.nextInt(RunIndex.STEPS)) + 1};
            for (long limit : limits) {
                int q = 0;
                while (q < RunIndex.STEPS && RunIndex.multiplyFloor(scale, q) < limit) {
                    q++;
                }
                assertThat(RunIndex.lowestLevelReaching(scale, limit)).as("scale %d, limit %d", scale, limit)
                        .isEqualTo(q);
            }
        }
    }

    @Property(tries = 60)
    void shouldReportEveryStartTimeThatStaysWithinTheThresholds(@ForAll long seed) {
        Random random = new Random(seed);
        Timetable timetable = new Timetable(2);
        List<long[]> booked = new ArrayList<>();
        long origin = (random.nextInt(2000) - 1000) * HOUR + random.nextInt(60) * 1000L;
        for (int step = 0; step < 120; step++) {
            int action = random.nextInt(10);
            if (action < 6 || booked.isEmpty()) {
                long from = origin + random.nextInt(72 * 60) * MINUTE + (random.nextBoolean() ? random.nextInt(60_000) : 0);
                long to = from + (1 + random.nextInt(90)) * MINUTE;
                long[] amounts = {random.nextInt(5) * 1_000_000L, random.nextInt(9) * 500_000L};
                timetable.reserve(from, to, amounts);
                booked.add(new long[] {from, to, amounts[0], amounts[1]});
            } else if (action < 9) {
                long[] b = booked.remove(random.nextInt(booked.size()));
                timetable.release(b[0], b[1], new long[] {b[2], b[3]});
            } else {
                long watermark = origin + random.nextInt(12 * 60) * MINUTE;
                timetable.forgetBefore(watermark);
                booked.removeIf(b -> b[0] < watermark);        // released partly otherwise: keep it simple
            }
            if (step % 3 == 0) {
                check(timetable, random, origin);
            }
        }
    }

    private static void check(Timetable timetable, Random random, long origin) {
        long from = origin + random.nextInt(80 * 60) * MINUTE - 4 * HOUR;
        long to = from + random.nextInt(48 * 60) * MINUTE + random.nextInt(1000);
        long duration = 1 + random.nextInt(120) * MINUTE + random.nextInt(3) * 7_000L;
        long[] notAbove = {random.nextInt(6) * 1_000_000L - (random.nextInt(8) == 0 ? 1 : 0),
                random.nextInt(10) * 500_000L + random.nextInt(2)};
        List<long[]> stretches = new ArrayList<>();
        timetable.possibleStarts(from, to, notAbove, new long[] {6_000_000L, 6_000_000L}, duration, (lo, hi) -> stretches.add(new long[] {lo, hi}));
        for (int k = 0; k < stretches.size(); k++) {
            long[] s = stretches.get(k);
            assertThat(s[0]).isBetween(from, to);
            assertThat(s[1]).isBetween(s[0], to);
            if (k > 0) {
                assertThat(s[0]).as("ascending and disjoint").isGreaterThan(stretches.get(k - 1)[1] + 1);
            }
        }
        // Candidates: every breakpoint in [from, to], the ends, and a grid.
        List<Long> times = new ArrayList<>();
        for (long t : timetable.times()) {
            if (t >= from && t <= to) {
                times.add(t);
            }
        }
        times.add(from);
        times.add(to);
        for (long t = from; t <= to; t += 1 + random.nextInt(20) * MINUTE) {
            times.add(t);
        }
        long[] max = new long[2];
        for (long t : times) {
            timetable.maxReserved(t, t + duration, max);
            boolean within = max[0] <= notAbove[0] && max[1] <= notAbove[1];
            if (within) {
                assertThat(stretches.stream().anyMatch(s -> s[0] <= t && t <= s[1]))
                        .as("t = %d (%d min from the start) within %s for %d ms, stretches %s", t, (t - from) / MINUTE,
                                java.util.Arrays.toString(notAbove), duration, describe(stretches, from))
                        .isTrue();
            }
        }
    }

    @Test
    void shouldLeaveOutHoursWhoseGapsAreShorterThanTheDuration() {
        Timetable timetable = new Timetable(1);
        long day = 24 * HOUR;
        // Busy for 8 minutes, free for 2, for two days; then one free half hour.
        for (long t = 0; t < 2 * day; t += 10 * MINUTE) {
            timetable.reserve(t, t + 8 * MINUTE, new long[] {4_000_000L});
        }
        timetable.reserve(2 * day + 30 * MINUTE, 3 * day, new long[] {4_000_000L});
        long[] notAbove = {1_000_000L};
        List<long[]> forFive = new ArrayList<>();
        timetable.possibleStarts(0, 3 * day, notAbove, new long[] {4_000_000L}, 5 * MINUTE, (lo, hi) -> forFive.add(new long[] {lo, hi}));
        // The free half hour begins 2 minutes before the third day: the hours on either side, and the last instant.
        assertThat(forFive).as("only the hours around the free half hour, and the end").hasSize(2);
        assertThat(forFive.get(0)).containsExactly(2 * day - HOUR, 2 * day + HOUR - 1);
        assertThat(forFive.get(1)).containsExactly(3 * day, 3 * day);
        List<long[]> forTwo = new ArrayList<>();
        timetable.possibleStarts(0, 3 * day, notAbove, new long[] {4_000_000L}, 2 * MINUTE, (lo, hi) -> forTwo.add(new long[] {lo, hi}));
        assertThat(forTwo.get(0)[0]).as("the gaps of two minutes are possible starts").isEqualTo(0);
        // Releasing one reservation opens a ten-minute gap in the first day: the index sees it.
        timetable.release(5 * HOUR, 5 * HOUR + 8 * MINUTE, new long[] {4_000_000L});
        List<long[]> after = new ArrayList<>();
        timetable.possibleStarts(0, 3 * day, notAbove, new long[] {4_000_000L}, 5 * MINUTE, (lo, hi) -> after.add(new long[] {lo, hi}));
        assertThat(after.get(0)).containsExactly(4 * HOUR, 5 * HOUR + HOUR - 1);
    }

    @Test
    void shouldKeepTheIndexOfAStoresTimetableOnlyWithinTheDecodedBudget() {
        long day = 24 * HOUR;
        long[] notAbove = {1_000_000L};
        long[] capacity = {4_000_000L};
        for (long budget : new long[] {InMemoryTimetables.DEFAULT_DECODED_BYTES, 1L, 0L}) {
            InMemoryTimetables store = new InMemoryTimetables(1, 1, budget);
            for (long t = 0; t < 2 * day; t += 10 * MINUTE) {
                store.reserve(0, t, t + 8 * MINUTE, new long[] {4_000_000L});
            }
            List<long[]> stretches = new ArrayList<>();
            store.possibleStarts(0, 0, 2 * day, notAbove, capacity, 5 * MINUTE,
                    (lo, hi) -> stretches.add(new long[] {lo, hi}));
            if (budget == InMemoryTimetables.DEFAULT_DECODED_BYTES) {
                // Kept decoded, so indexed: only the last hour, whose free end runs on, is possible.
                assertThat(stretches).hasSize(1);
                assertThat(stretches.get(0)[0]).isEqualTo(2 * day - HOUR);
            } else {
                // No room for a decoded copy (or no cache at all): no index either, every start is possible.
                assertThat(stretches).hasSize(1);
                assertThat(stretches.get(0)).containsExactly(0L, 2 * day);
            }
        }
    }

    @Test
    void shouldKeepCopiesAndIndexesOfManyTimetablesWithinTheBudget() {
        long week = 7 * 24 * HOUR;
        int resources = 40;
        long budget = 400_000L;                     // room for a few timetables' copies and week-long indexes
        InMemoryTimetables store = new InMemoryTimetables(resources, 1, budget);
        for (int r = 0; r < resources; r++) {
            for (long t = r * MINUTE; t < week; t += HOUR) {
                store.reserve(r, t, t + 40 * MINUTE, new long[] {4_000_000L});   // 336 breakpoints, 20-minute gaps
            }
        }
        int indexed = 0;
        for (int r = 0; r < resources; r++) {
            List<long[]> stretches = new ArrayList<>();
            store.possibleStarts(r, 0, week, new long[] {1_000_000L}, new long[] {4_000_000L}, 90 * MINUTE,
                    (lo, hi) -> stretches.add(new long[] {lo, hi}));
            long covered = stretches.stream().mapToLong(s -> s[1] - s[0] + 1).sum();
            indexed += covered < week ? 1 : 0;
            assertThat(store.decodedBytes()).as("after searching timetable %d", r).isLessThanOrEqualTo(budget);
        }
        assertThat(indexed).as("timetables searched with an index (the others swept whole)").isGreaterThan(0);
    }

    private static String describe(List<long[]> stretches, long from) {
        StringBuilder s = new StringBuilder();
        for (long[] r : stretches) {
            s.append('[').append((r[0] - from) / MINUTE).append(',').append((r[1] - from) / MINUTE).append("] ");
        }
        return s.toString();
    }
}
