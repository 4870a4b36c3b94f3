package io.coreserve.engine.timetable;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The compact {@link Timetable} against its reference model {@link FlatTimetable} (plain sorted arrays): after
 * random reservations and releases on several timetables of one store (they share their decoding rows), every
 * query answers the same and the breakpoints are the same. The random data spans what the encoding treats
 * differently: times on minutes, seconds or milliseconds, amounts from 1 micro-unit to 10^12, one to five
 * properties (more than three need a two-byte header), and enough breakpoints to split and merge blocks.
 */
class CompactTimetableProperties {

    private static final int RESOURCES = 3;
    private static final long[] GRAINS = {1L, 1_000L, 60_000L, 7L};

    @Property(tries = 200)
    void shouldAnswerEveryQueryLikeThePlainTimetable(@ForAll long seed, @ForAll @IntRange(min = 1, max = 5) int p,
            @ForAll @IntRange(min = 1, max = 400) int operations) {
        Random random = new Random(seed);
        long grain = GRAINS[random.nextInt(GRAINS.length)];
        InMemoryTimetables store = new InMemoryTimetables(RESOURCES, p);
        FlatTimetable[] reference = new FlatTimetable[RESOURCES];
        List<List<long[]>> booked = new ArrayList<>();
        for (int k = 0; k < RESOURCES; k++) {
            reference[k] = new FlatTimetable(p);
            booked.add(new ArrayList<>());
        }
        for (int op = 0; op < operations; op++) {
            int k = random.nextInt(RESOURCES);
            List<long[]> mine = booked.get(k);
            if (!mine.isEmpty() && random.nextInt(3) == 0) {
                long[] r = mine.remove(random.nextInt(mine.size()));
                long[] amounts = java.util.Arrays.copyOfRange(r, 2, 2 + p);
                store.release(k, r[0], r[1], amounts);
                reference[k].release(r[0], r[1], amounts);
            } else {
                long from = random.nextInt(2_000) * grain;
                long to = from + (1 + random.nextInt(random.nextBoolean() ? 5 : 300)) * grain;
                long[] r = new long[2 + p];
                r[0] = from;
                r[1] = to;
                for (int i = 0; i < p; i++) {
                    r[2 + i] = amount(random);
                }
                long[] amounts = java.util.Arrays.copyOfRange(r, 2, 2 + p);
                store.reserve(k, from, to, amounts);
                reference[k].reserve(from, to, amounts);
                mine.add(r);
            }
        }
        for (int k = 0; k < RESOURCES; k++) {
            Timetable compact = store.timetable(k);
            assertThat(compact.breakpoints()).isEqualTo(reference[k].breakpoints());
            assertThat(compact.times()).containsExactly(reference[k].times());
            assertThat(compact.values()).containsExactly(reference[k].values());
            Timetable loaded = new Timetable(p);
            loaded.load(reference[k].times(), reference[k].values(), reference[k].breakpoints());
            assertThat(loaded.times()).containsExactly(reference[k].times());
            assertThat(loaded.values()).containsExactly(reference[k].values());
            for (int q = 0; q < 30; q++) {
                long from = random.nextInt(2_400) * grain - 100 * grain + random.nextInt(3) - 1;
                long to = from + 1 + random.nextInt(random.nextBoolean() ? 10 : 600) * grain;
                assertSameAnswers(compact, reference[k], from, to, p);
                assertSameAnswers(loaded, reference[k], from, to, p);
            }
        }
    }

    /**
     * Forgetting the past as time advances: the plain timetable keeps everything, the compact one forgets before a
     * rising watermark while reservations and releases go on (some of them reaching back before the watermark,
     * released as far as they are kept); every query from the watermark on answers the same, and at most one
     * breakpoint before the watermark is kept.
     */
    @Property(tries = 200)
    void shouldAnswerLikeThePlainTimetableFromTheWatermarkOnAfterForgettingThePast(@ForAll long seed,
            @ForAll @IntRange(min = 1, max = 4) int p, @ForAll @IntRange(min = 1, max = 600) int operations) {
        Random random = new Random(seed);
        long grain = GRAINS[random.nextInt(GRAINS.length)];
        InMemoryTimetables store = new InMemoryTimetables(RESOURCES, p);
        FlatTimetable[] reference = new FlatTimetable[RESOURCES];
        List<List<long[]>> booked = new ArrayList<>();
        for (int k = 0; k < RESOURCES; k++) {
            reference[k] = new FlatTimetable(p);
            booked.add(new ArrayList<>());
        }
        long watermark = Long.MIN_VALUE;
        for (int op = 0; op < operations; op++) {
            int k = random.nextInt(RESOURCES);
            List<long[]> mine = booked.get(k);
            if (random.nextInt(15) == 0) {
                long next = random.nextInt(2_200) * grain + random.nextInt(3) - 1;
                watermark = Math.max(watermark, next);
                store.forgetBefore(watermark);
            } else if (!mine.isEmpty() && random.nextInt(3) == 0) {
                long[] r = mine.remove(random.nextInt(mine.size()));
                long[] amounts = java.util.Arrays.copyOfRange(r, 2, 2 + p);
                store.release(k, r[0], r[1], amounts);
                reference[k].release(r[0], r[1], amounts);
            } else {
                // Mostly after the watermark, as new bookings are; some reach back before it.
                long earliest = watermark == Long.MIN_VALUE ? 0 : Math.max(0, watermark / grain - 20);
                long from = (earliest + random.nextInt(2_000)) * grain;
                long to = from + (1 + random.nextInt(random.nextBoolean() ? 5 : 300)) * grain;
                long[] r = new long[2 + p];
                r[0] = from;
                r[1] = to;
                for (int i = 0; i < p; i++) {
                    r[2 + i] = amount(random);
                }
                long[] amounts = java.util.Arrays.copyOfRange(r, 2, 2 + p);
                store.reserve(k, from, to, amounts);
                reference[k].reserve(from, to, amounts);
                mine.add(r);
            }
        }
        for (int k = 0; k < RESOURCES; k++) {
            Timetable compact = store.timetable(k);
            long w = watermark;
            assertThat(java.util.Arrays.stream(compact.times()).filter(t -> t < w).count())
                    .as("breakpoints kept before the watermark %d", w).isLessThanOrEqualTo(1);
            for (int q = 0; q < 30; q++) {
                long from = Math.max(watermark, random.nextInt(4_400) * grain - 100 * grain + random.nextInt(3) - 1);
                long to = from + 1 + random.nextInt(random.nextBoolean() ? 10 : 600) * grain;
                assertSameAnswers(compact, reference[k], from, to, p);
            }
        }
    }

    @Property(tries = 20)
    void shouldRestoreTheEmptyTimetableWhenEveryReservationIsReleasedInAnyOrder(@ForAll long seed,
            @ForAll @IntRange(min = 100, max = 2_000) int reservations) {
        Random random = new Random(seed);
        Timetable timetable = new Timetable(3);
        List<long[]> booked = new ArrayList<>();
        long cursor = 0;
        for (int b = 0; b < reservations; b++) {
            long length = (1 + random.nextInt(300)) * 60_000L;
            long[] r = {cursor, cursor + length, amount(random), amount(random), amount(random)};
            timetable.reserve(r[0], r[1], new long[] {r[2], r[3], r[4]});
            booked.add(r);
            cursor += random.nextInt(4) == 0 ? length / 2 : length + random.nextInt(30) * 60_000L;
        }
        java.util.Collections.shuffle(booked, random);
        for (long[] r : booked) {
            timetable.release(r[0], r[1], new long[] {r[2], r[3], r[4]});
        }
        assertThat(timetable.breakpoints()).isZero();
        assertThat(timetable.times()).isEmpty();
        long[] max = new long[3];
        timetable.maxReserved(Long.MIN_VALUE / 2, Long.MAX_VALUE / 2, max);
        assertThat(max).containsOnly(0L);
    }

    /**
     * The decoded copy a store keeps for searches ({@link DecodedCache}) never answers from a stale state: queries
     * interleaved with reservations, releases and forgetting, on a store whose budget holds only about one of its
     * timetables decoded (so copies are made, dropped on change and evicted all the time), answer as the plain
     * timetables do.
     */
    @Property(tries = 100)
    void shouldNeverAnswerFromAStaleDecodedCopy(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3) int p,
            @ForAll @IntRange(min = 1, max = 300) int operations) {
        Random random = new Random(seed);
        long grain = GRAINS[random.nextInt(GRAINS.length)];
        InMemoryTimetables store = new InMemoryTimetables(RESOURCES, p, 8L * (1 + p) * (40 + random.nextInt(200)),
                random.nextInt(2));
        FlatTimetable[] reference = new FlatTimetable[RESOURCES];
        List<List<long[]>> booked = new ArrayList<>();
        for (int k = 0; k < RESOURCES; k++) {
            reference[k] = new FlatTimetable(p);
            booked.add(new ArrayList<>());
        }
        long watermark = Long.MIN_VALUE;
        for (int op = 0; op < operations; op++) {
            int k = random.nextInt(RESOURCES);
            List<long[]> mine = booked.get(k);
            int kind = random.nextInt(20);
            if (kind < 6) {
                long from = Math.max(watermark, random.nextInt(2_400) * grain - 100 * grain);
                long to = from + 1 + random.nextInt(random.nextBoolean() ? 10 : 600) * grain;
                assertSameAnswers(store.timetable(k), reference[k], from, to, p);
            } else if (kind == 6) {
                watermark = Math.max(watermark, random.nextInt(1_500) * grain);
                store.forgetBefore(watermark);
            } else if (!mine.isEmpty() && kind < 11) {
                long[] r = mine.remove(random.nextInt(mine.size()));
                long[] amounts = java.util.Arrays.copyOfRange(r, 2, 2 + p);
                store.release(k, r[0], r[1], amounts);
                reference[k].release(r[0], r[1], amounts);
            } else {
                long earliest = watermark == Long.MIN_VALUE ? 0 : Math.max(0, watermark / grain - 20);
                long from = (earliest + random.nextInt(2_000)) * grain;
                long to = from + (1 + random.nextInt(random.nextBoolean() ? 5 : 300)) * grain;
                long[] r = new long[2 + p];
                r[0] = from;
                r[1] = to;
                for (int i = 0; i < p; i++) {
                    r[2 + i] = amount(random);
                }
                long[] amounts = java.util.Arrays.copyOfRange(r, 2, 2 + p);
                store.reserve(k, from, to, amounts);
                reference[k].reserve(from, to, amounts);
                mine.add(r);
            }
        }
        assertThat(store.decodedDisagreements()).as("decoded copies that disagreed with their blocks").isZero();
    }

    static long amount(Random random) {
        return switch (random.nextInt(5)) {
            case 4 -> 0;
            case 0 -> 1 + random.nextInt(300);
            case 1 -> 1 + random.nextInt(8_000_000);
            case 2 -> 1 + (long) (random.nextDouble() * 1e12);
            default -> 500_000L * (1 + random.nextInt(8));
        };
    }

    private static void assertSameAnswers(Timetable compact, FlatTimetable flat, long from, long to, int p) {
        long[] expected = new long[p];
        long[] actual = new long[p];
        flat.maxReserved(from, to, expected);
        compact.maxReserved(from, to, actual);
        assertThat(actual).as("max over [%d, %d)", from, to).containsExactly(expected);
        flat.minReserved(from, to, expected);
        compact.minReserved(from, to, actual);
        assertThat(actual).as("min over [%d, %d)", from, to).containsExactly(expected);
        for (int i = 0; i < p; i++) {
            assertThat(compact.reservedAt(from, i)).isEqualTo(flat.reservedAt(from, i));
        }
        List<Long> expectedIncreases = new ArrayList<>();
        List<Long> actualIncreases = new ArrayList<>();
        flat.forEachAvailabilityIncrease(from, to, expectedIncreases::add);
        compact.forEachAvailabilityIncrease(from, to, actualIncreases::add);
        assertThat(actualIncreases).as("increases in (%d, %d]", from, to).isEqualTo(expectedIncreases);
        List<List<Long>> expectedSegments = segments(flat::forEachSegment, from, to, p);
        assertThat(segments(compact::forEachSegment, from, to, p)).as("segments of [%d, %d)", from, to)
                .isEqualTo(expectedSegments);
        DecodedSpan span = new DecodedSpan();
        if (compact.decodedSpan(from, to, span)) {
            assertThat(segments(span, from, to, p)).as("decoded span of [%d, %d)", from, to)
                    .isEqualTo(expectedSegments);
        }
    }

    /**
     * A decoded span (the rows a search loops over itself) holds the same segments as visiting them, over any
     * stretch of a timetable with many breakpoints, once the store keeps its decoded copy.
     */
    @Property(tries = 50)
    void shouldSpanTheSameSegmentsAsTheVisitor(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3) int p) {
        Random random = new Random(seed);
        InMemoryTimetables store = new InMemoryTimetables(1, p, 1L << 24, 0);
        FlatTimetable flat = new FlatTimetable(p);
        for (int r = 0; r < 500; r++) {
            long from = random.nextInt(100_000) * 60_000L;
            long to = from + (1 + random.nextInt(30)) * 60_000L;
            long[] amounts = new long[p];
            for (int i = 0; i < p; i++) {
                amounts[i] = amount(random);
            }
            store.reserve(0, from, to, amounts);
            flat.reserve(from, to, amounts);
        }
        DecodedSpan span = new DecodedSpan();
        for (int q = 0; q < 50; q++) {
            long from = random.nextInt(110_000) * 60_000L - 5_000_000L + random.nextInt(60_000);
            long to = from + 1 + random.nextInt(random.nextBoolean() ? 100 : 20_000) * 60_000L;
            assertThat(store.decodedSpan(0, from, to, span)).as("a decoded copy is kept").isTrue();
            assertThat(segments(span, from, to, p)).as("decoded span of [%d, %d)", from, to)
                    .isEqualTo(segments(flat::forEachSegment, from, to, p));
        }
        // Ascending, as a sweep asks (the span's last row is where the next search starts), with bookings between.
        long from = random.nextInt(1_000) * 60_000L;
        for (int q = 0; q < 200; q++) {
            from += random.nextInt(random.nextBoolean() ? 5 : 2_000) * 60_000L + random.nextInt(60_000);
            long to = from + 1 + random.nextInt(300) * 60_000L;
            if (q % 10 == 9) {
                long at = from + random.nextInt(20) * 60_000L - 600_000L;
                long[] amounts = {1, 1, 1};
                store.reserve(0, at, at + 120_000L, Arrays.copyOf(amounts, p));
                flat.reserve(at, at + 120_000L, Arrays.copyOf(amounts, p));
            }
            assertThat(store.decodedSpan(0, from, to, span)).as("a decoded copy is kept").isTrue();
            assertThat(segments(span, from, to, p)).as("decoded span of [%d, %d), ascending", from, to)
                    .isEqualTo(segments(flat::forEachSegment, from, to, p));
        }
    }

    interface SegmentSource {
        void forEachSegment(long from, long to, SegmentVisitor visitor);
    }

    /** The segments of a span as a sweep reads them: the first row clipped to from, then rows starting before to. */
    static List<List<Long>> segments(DecodedSpan span, long from, long to, int p) {
        return segments((f, t, visitor) -> {
            visitor.visit(f, span.levels(), span.first() * p);
            for (int r = span.first() + 1; r <= span.last() && span.times()[r] < t; r++) {
                visitor.visit(span.times()[r], span.levels(), r * p);
            }
        }, from, to, p);
    }

    static List<List<Long>> segments(SegmentSource source, long from, long to, int p) {
        List<List<Long>> result = new ArrayList<>();
        source.forEachSegment(from, to, (start, reserved, offset) -> {
            List<Long> segment = new ArrayList<>();
            segment.add(start);
            for (int i = 0; i < p; i++) {
                segment.add(reserved[offset + i]);
            }
            result.add(segment);
        });
        return result;
    }
}
