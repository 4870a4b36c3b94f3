package io.coreserve.engine.timetable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Booking reservations at once ({@link InMemoryTimetables#reserveAll}) leaves every timetable exactly as booking them
 * one by one does: on timetables that already hold reservations, with a forgotten past, with reservations that
 * begin or end in it, with ends that coincide and amounts that cancel out, and on resources never booked before.
 */
class BulkReservationsProperties {

    private static final int RESOURCES = 4;

    @Property(tries = 300)
    void shouldBookLikeOneReservationAtATime(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int p,
            @ForAll @IntRange(min = 0, max = 600) int reservations, @ForAll @IntRange(min = 0, max = 60) int before,
            @ForAll boolean forget) {
        Random random = new Random(seed);
        InMemoryTimetables one = new InMemoryTimetables(RESOURCES, p);
        InMemoryTimetables all = new InMemoryTimetables(RESOURCES, p);
        for (int k = 0; k < before; k++) { // present content: reserved one by one in both
            long[] r = reservation(random, p);
            int resource = random.nextInt(RESOURCES - 1);
            one.reserve(resource, r[0], r[1], amounts(r, p));
            all.reserve(resource, r[0], r[1], amounts(r, p));
        }
        if (forget) {
            long watermark = random.nextInt(500);
            one.forgetBefore(watermark);
            all.forgetBefore(watermark);
        }
        BulkReservations bulk = new BulkReservations(p);
        for (int k = 0; k < reservations; k++) {
            long[] r = reservation(random, p);
            int resource = random.nextInt(RESOURCES);
            one.reserve(resource, r[0], r[1], amounts(r, p));
            bulk.add(resource, r[0], r[1], amounts(r, p));
        }
        all.reserveAll(bulk);

        for (int k = 0; k < RESOURCES; k++) {
            assertThat(all.timetable(k).times()).as("breakpoints of %d", k).containsExactly(one.timetable(k).times());
            assertThat(all.timetable(k).values()).as("amounts of %d", k).containsExactly(one.timetable(k).values());
            long from = random.nextInt(2_000);
            long to = from + 1 + random.nextInt(300);
            long[] expected = new long[p];
            long[] actual = new long[p];
            one.maxReserved(k, from, to, expected);
            all.maxReserved(k, from, to, actual);
            assertThat(actual).as("most reserved on [%d, %d) of %d", from, to, k).containsExactly(expected);
        }
        assertThat(all.breakpoints()).isEqualTo(one.breakpoints());
    }

    @Example
    void shouldAnswerQueriesFromTheLoadedTimetables() {
        InMemoryTimetables timetables = new InMemoryTimetables(2, 1);
        long[] before = new long[1];
        timetables.maxReserved(1, 0, 100, before); // a query first, so that any index kept from it must be dropped
        BulkReservations bulk = new BulkReservations(1);
        bulk.add(1, 10, 20, new long[] {3});
        bulk.add(1, 15, 30, new long[] {4});
        timetables.reserveAll(bulk);
        long[] max = new long[1];
        timetables.maxReserved(1, 0, 100, max);
        assertThat(before[0]).isZero();
        assertThat(max[0]).isEqualTo(7);
        assertThat(timetables.timetable(1).times()).containsExactly(10, 15, 20, 30);
        assertThat(timetables.timetable(1).values()).containsExactly(3, 7, 4, 0);
    }

    @Example
    void shouldRefuseWhatReserveRefusesBeforeBookingAnything() {
        BulkReservations bulk = new BulkReservations(2);
        assertThatThrownBy(() -> bulk.add(0, 20, 20, new long[] {1, 1})).hasMessageContaining("empty interval");
        assertThatThrownBy(() -> bulk.add(0, 10, 20, new long[] {1, -1})).hasMessageContaining("negative amount");
        assertThatThrownBy(() -> bulk.add(-1, 10, 20, new long[] {1, 1})).hasMessageContaining("resource");
        assertThatThrownBy(() -> new InMemoryTimetables(1, 3).reserveAll(bulk)).hasMessageContaining("properties");
        assertThat(bulk.size()).isZero();
    }

    private static long[] reservation(Random random, int p) {
        long[] r = new long[2 + p];
        r[0] = random.nextInt(2_000);
        r[1] = r[0] + 1 + random.nextInt(random.nextBoolean() ? 5 : 300);
        for (int i = 0; i < p; i++) {
            r[2 + i] = random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(random.nextBoolean() ? 3 : 1_000_000);
        }
        return r;
    }

    private static long[] amounts(long[] r, int p) {
        return java.util.Arrays.copyOfRange(r, 2, 2 + p);
    }
}
