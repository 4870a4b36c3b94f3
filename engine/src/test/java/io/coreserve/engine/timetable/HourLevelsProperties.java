package io.coreserve.engine.timetable;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * A search's question for all its candidates at once ({@link InMemoryTimetables#possibleStarts(int[], int, long,
 * long, long[], long[], long, CandidateStretchVisitor)}, answered from the domain's {@link HourLevels}) gives each
 * candidate exactly the stretches the books give for it alone (its own timetable's, once it has the breakpoints to be
 * asked through the levels), also after reservations, releases and forgetting
 * change hours whose answers were kept, and with capacities (the levels' scale) that change.
 */
class HourLevelsProperties {

    private static final long MINUTE = 60_000L;
    private static final long HOUR = 60 * MINUTE;
    private static final int RESOURCES = 5;

    @Property(tries = 25)
    void shouldAnswerEveryCandidateAsItsOwnTimetableDoes(@ForAll long seed) {
        Random random = new Random(seed);
        leftOut = 0;
        indexed = 0;
        // Room for two timetables at first: the others come later, so the levels grow rows over known words.
        InMemoryTimetables books = new InMemoryTimetables(2, 2);
        List<long[]> booked = new ArrayList<>();
        long origin = (random.nextInt(2000) - 1000) * HOUR;
        fill(books, booked, 0, 2, origin, random);
        long[] capacity = {6_000_000L, 6_000_000L};
        for (int step = 0; step < 60; step++) {
            if (step == 20) {
                fill(books, booked, 2, RESOURCES, origin, random);
            }
            int action = random.nextInt(10);
            int r = random.nextInt(step < 20 ? 2 : RESOURCES);
            if (action < 5) {
                long from = origin + random.nextInt(72 * 60) * MINUTE + (random.nextBoolean() ? random.nextInt(60_000) : 0);
                book(books, booked, r, from, from + (1 + random.nextInt(90)) * MINUTE, random);
            } else if (action < 8) {
                long[] b = booked.remove(random.nextInt(booked.size()));
                books.release((int) b[4], b[0], b[1], new long[] {b[2], b[3]});
            } else if (action < 9) {
                long watermark = books.forgottenBefore() == Long.MIN_VALUE ? origin : books.forgottenBefore();
                watermark += random.nextInt(4 * 60) * MINUTE;
                books.forgetBefore(watermark);
                long forgotten = watermark;
                booked.removeIf(b -> b[0] < forgotten);        // released partly otherwise: keep it simple
            } else {
                capacity = new long[] {(5 + random.nextInt(3)) * 1_000_000L, 6_000_000L};   // another scale
            }
            check(books, random, origin, capacity, step < 20 ? 2 : RESOURCES);
        }
        assertThat(leftOut).as("hours the levels left out for skipped times").isPositive();
        assertThat(indexed).as("candidates answered through the levels").isPositive();
    }

    /** A case CI met: releases and forgetting took a candidate below the breakpoints that the levels answer for. */
    @net.jqwik.api.Example
    void shouldAnswerAsTheBooksDoForACandidateThatLostBreakpoints() {
        shouldAnswerEveryCandidateAsItsOwnTimetableDoes(-11227L);
    }

    /** Enough reservations on resources [first, end) that they pass INDEXED_BREAKPOINTS: asked through the levels. */
    private static void fill(InMemoryTimetables books, List<long[]> booked, int first, int end, long origin,
            Random random) {
        for (int r = first; r < end; r++) {
            for (long t = origin + random.nextInt(30) * MINUTE; t < origin + 60 * HOUR; t += (5 + random.nextInt(40)) * MINUTE) {
                book(books, booked, r, t, t + (1 + random.nextInt(20)) * MINUTE, random);
            }
        }
    }

    private static void book(InMemoryTimetables books, List<long[]> booked, int r, long from, long to, Random random) {
        long[] amounts = {random.nextInt(5) * 1_000_000L, random.nextInt(9) * 500_000L};
        books.reserve(r, from, to, amounts);
        booked.add(new long[] {from, to, amounts[0], amounts[1], r});
    }

    private static void check(InMemoryTimetables books, Random random, long origin, long[] capacity,
            int count) {
        long from = Math.max(origin + random.nextInt(80 * 60) * MINUTE - 4 * HOUR, books.forgottenBefore());
        long to = from + random.nextInt(48 * 60) * MINUTE + random.nextInt(1000);
        long duration = 1 + random.nextInt(70) * MINUTE + random.nextInt(3) * 7_000L;
        int[] resources = new int[count];
        long[] notAbove = new long[count * 2];
        long[] capacities = new long[count * 2];
        for (int k = 0; k < count; k++) {
            resources[k] = count - 1 - k;              // candidates in another order than the resources
            notAbove[k * 2] = random.nextInt(6) * 1_000_000L - (random.nextInt(12) == 0 ? 1 : 0);
            notAbove[k * 2 + 1] = random.nextInt(10) * 500_000L + random.nextInt(2);
            capacities[k * 2] = capacity[0];
            capacities[k * 2 + 1] = capacity[1];
        }
        List<List<long[]>> batch = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            batch.add(new ArrayList<>());
        }
        books.possibleStarts(resources, count, from, to, notAbove, capacities, duration,
                (k, lo, hi) -> batch.get(k).add(new long[] {lo, hi}));
        // Times the search will not sweep: the hours whose part in [from, to] lies wholly in them are left out.
        long[] skip = randomSkip(random, from, to);
        List<List<long[]>> skipping = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            skipping.add(new ArrayList<>());
        }
        books.possibleStarts(resources, count, from, to, notAbove, capacities, duration, skip,
                (k, lo, hi) -> skipping.get(k).add(new long[] {lo, hi}));
        for (int k = 0; k < count; k++) {
            List<long[]> own = new ArrayList<>();
            // What the books answer for the candidate alone: its timetable's own answer once it has enough
            // breakpoints to be asked through the levels, the whole window while it has fewer (which releases and
            // forgetting bring about, e.g. seed -11227).
            books.possibleStarts(resources[k], from, to, new long[] {notAbove[k * 2], notAbove[k * 2 + 1]},
                    capacity, duration, (lo, hi) -> own.add(new long[] {lo, hi}));
            if (books.timetable(resources[k]).breakpoints() >= InMemoryTimetables.INDEXED_BREAKPOINTS) {
                indexed++;
            }
            assertThat(describe(batch.get(k))).as("candidate %d over [%d, %d] for %d ms", k, from, to, duration)
                    .isEqualTo(describe(own));
            // Left out or not, every possible start outside the skipped hours is answered, and nothing else.
            String as = String.format("candidate %d over [%d, %d] for %d ms skipping %s", k, from, to, duration,
                    java.util.Arrays.toString(skip));
            assertThat(describe(withoutSkippedHours(skipping.get(k), skip, from, to))).as(as)
                    .isEqualTo(describe(withoutSkippedHours(own, skip, from, to)));
            for (long[] stretch : skipping.get(k)) {
                assertThat(own).as(as).anyMatch(o -> o[0] <= stretch[0] && stretch[1] <= o[1]);
            }
            leftOut += length(own) - length(skipping.get(k));
        }
    }

    /** Milliseconds the answers with skipped times left out, over a property's tries (the levels must leave some). */
    private static long leftOut;
    private static long indexed;

    private static long length(List<long[]> stretches) {
        return stretches.stream().mapToLong(r -> r[1] - r[0] + 1).sum();
    }

    /** A few intervals in and around [from, to], some of them hours apart, some touching, ascending and disjoint. */
    private static long[] randomSkip(Random random, long from, long to) {
        List<Long> bounds = new ArrayList<>();
        long t = from - random.nextInt(3) * HOUR;
        for (int q = random.nextInt(4); q >= 0 && t <= to + HOUR; q--) {
            long lo = t + random.nextInt(5) * HOUR / (random.nextBoolean() ? 1 : 7);
            long hi = lo + random.nextInt(30) * HOUR / (random.nextBoolean() ? 1 : 3) + random.nextInt(2);
            bounds.add(lo);
            bounds.add(hi);
            t = hi + 1 + (random.nextBoolean() ? 0 : random.nextInt(3) * HOUR);
        }
        return bounds.stream().mapToLong(Long::longValue).toArray();
    }

    /** The stretches less every hour whose part in [from, to] lies wholly in one interval of skip. */
    private static List<long[]> withoutSkippedHours(List<long[]> stretches, long[] skip, long from, long to) {
        List<long[]> out = new ArrayList<>();
        for (long[] s : stretches) {
            long openLo = Long.MIN_VALUE;
            for (long h = Math.floorDiv(s[0], HOUR); h <= Math.floorDiv(s[1], HOUR); h++) {
                long lo = Math.max(s[0], h * HOUR);
                long hi = Math.min(s[1], h * HOUR + HOUR - 1);
                long partLo = Math.max(from, h * HOUR);
                long partHi = Math.min(to, h * HOUR + HOUR - 1);
                boolean skipped = false;
                for (int q = 0; q < skip.length; q += 2) {
                    skipped |= skip[q] <= partLo && partHi <= skip[q + 1];
                }
                if (!skipped && openLo == Long.MIN_VALUE) {
                    openLo = lo;
                }
                if (skipped && openLo != Long.MIN_VALUE) {
                    out.add(new long[] {openLo, h * HOUR - 1});
                    openLo = Long.MIN_VALUE;
                }
                if (!skipped && h == Math.floorDiv(s[1], HOUR)) {
                    out.add(new long[] {openLo, hi});
                }
            }
        }
        return out;
    }

    @Test
    void shouldAnswerFromTheLevelsWhatAnEditOfTheNextHourChanged() {
        InMemoryTimetables books = new InMemoryTimetables(1, 1);
        long day = 24 * HOUR;
        // Busy 8 minutes of every 10 for a day: no start has 10 free minutes.
        for (long t = 0; t < day; t += 10 * MINUTE) {
            books.reserve(0, t, t + 8 * MINUTE, new long[] {4_000_000L});
        }
        List<long[]> before = stretches(books, day);
        assertThat(before).as("only the end of the day, which runs on free").hasSize(1);
        assertThat(before.get(0)[0]).isEqualTo(day - HOUR);
        // Releasing 5:00-5:08 frees 4:58-5:10: a start at 4:58 has 12 minutes, so the hour from 4:00, which was
        // answered and kept, changed by an edit of the hour after it.
        books.release(0, 5 * HOUR, 5 * HOUR + 8 * MINUTE, new long[] {4_000_000L});
        List<long[]> after = stretches(books, day);
        assertThat(after.get(0)).containsExactly(4 * HOUR, 6 * HOUR - 1);
    }

    private static List<long[]> stretches(InMemoryTimetables books, long day) {
        List<long[]> found = new ArrayList<>();
        books.possibleStarts(new int[] {0}, 1, 0, day, new long[] {1_000_000L}, new long[] {4_000_000L}, 10 * MINUTE,
                (k, lo, hi) -> found.add(new long[] {lo, hi}));
        return found;
    }

    private static String describe(List<long[]> stretches) {
        StringBuilder s = new StringBuilder();
        for (long[] r : stretches) {
            s.append('[').append(r[0]).append(',').append(r[1]).append("] ");
        }
        return s.toString();
    }
}
