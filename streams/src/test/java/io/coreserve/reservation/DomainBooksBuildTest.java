package io.coreserve.reservation;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.catalogue.DemoCatalogue;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.engine.model.Quantity;
import io.coreserve.engine.timetable.InMemoryTimetables;
import io.coreserve.events.Allocation;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.Resource;
import io.coreserve.events.ResourceSample;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Books built from stored decisions and samples (booked all at once, one load per timetable) hold exactly what
 * booking each of them one by one holds, and releasing every decision and vacating every sample empties them.
 */
class DomainBooksBuildTest {

    private static final ReservationSettings SETTINGS = ReservationSettings.from(CoreserveConfig.of(Map.of()));
    private static final long T0 = Instant.parse("2026-11-29T00:00:00Z").toEpochMilli();

    @Test
    void shouldHoldWhatBookingOneByOneHoldsAndGiveItAllBack() {
        List<Resource> catalogue = DemoCatalogue.generate(12, "default", 7L, Instant.ofEpochMilli(T0));
        SplittableRandom random = new SplittableRandom(11);
        List<ReservationDecision> accepted = new ArrayList<>();
        for (int k = 0; k < 3_000; k++) {
            long start = T0 + random.nextInt(7 * 24 * 60) * 60_000L;
            long end = start + (1 + random.nextInt(600)) * 60_000L;
            List<Allocation> allocations = new ArrayList<>();
            for (int a = 0; a < 1 + random.nextInt(3); a++) {
                allocations.add(Allocation.newBuilder().setResourceId(catalogue.get(random.nextInt(12)).getId())
                        .setAmounts(Map.of("cores", 1.0 + random.nextInt(3), "memory_gb", random.nextInt(4) * 0.5))
                        .build());
            }
            accepted.add(Decisions.base("r" + k, "alice", "default", ReservationStatus.ACCEPTED, "ok", T0)
                    .setStart(Instant.ofEpochMilli(start)).setEnd(Instant.ofEpochMilli(end))
                    .setAllocations(allocations).build());
        }
        List<ResourceSample> samples = new ArrayList<>();
        for (int k = 0; k < 300; k++) {
            long start = T0 + random.nextInt(24 * 60) * 60_000L;
            samples.add(ResourceSample.newBuilder().setResourceId(catalogue.get(random.nextInt(12)).getId())
                    .setDomain("default").setWindowStart(Instant.ofEpochMilli(start))
                    .setWindowEnd(Instant.ofEpochMilli(start + 300_000)).setUsed(Map.of("cores", 0.5 * k % 40))
                    .build());
        }

        DomainBooks books = DomainBooks.build(SETTINGS.properties(), SETTINGS.engine(), catalogue, Set.of(),
                accepted, samples);

        InMemoryTimetables oneByOne = new InMemoryTimetables(12, books.properties().size());
        for (ReservationDecision d : accepted) {
            for (Allocation a : d.getAllocations()) {
                oneByOne.reserve(books.catalogue().indexOf(a.getResourceId()), d.getStart().toEpochMilli(),
                        d.getEnd().toEpochMilli(), micros(books, a.getAmounts(), -1));
            }
        }
        for (ResourceSample s : samples) {
            int node = books.catalogue().indexOf(s.getResourceId());
            long[] used = micros(books, s.getUsed(), node); // cut to the capacity, as background occupancy is
            if (java.util.Arrays.stream(used).anyMatch(v -> v > 0)) {
                oneByOne.reserve(node, s.getWindowStart().toEpochMilli(), s.getWindowEnd().toEpochMilli(), used);
            }
        }
        for (int node = 0; node < 12; node++) {
            assertThat(books.timetables().timetable(node).times()).as("breakpoints of node %d", node)
                    .containsExactly(oneByOne.timetable(node).times());
            assertThat(books.timetables().timetable(node).values()).as("amounts of node %d", node)
                    .containsExactly(oneByOne.timetable(node).values());
        }
        assertThat(books.timetables().breakpoints()).isGreaterThan(3_000);

        accepted.forEach(books::release);
        samples.forEach(books::vacate);
        assertThat(books.timetables().breakpoints()).as("everything given back").isZero();
    }

    /** Micro-units per property of the books' list; cut to node {@code capped}'s capacity unless it is -1. */
    private static long[] micros(DomainBooks books, Map<String, Double> amounts, int capped) {
        long[] result = new long[books.properties().size()];
        amounts.forEach((name, value) -> {
            int p = books.properties().indexOf(name);
            if (p >= 0) {
                result[p] = capped < 0 ? Quantity.toMicros(value)
                        : Math.min(Quantity.toMicros(value), books.catalogue().capacity(capped, p));
            }
        });
        return result;
    }
}
