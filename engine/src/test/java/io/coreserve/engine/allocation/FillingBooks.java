package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.engine.catalogue.InMemoryCatalogue;
import io.coreserve.engine.model.Request;
import io.coreserve.engine.model.Resource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Two engines given the same requests while the books fill, now and then lose a reservation, and the catalogue gains
 * a node: their decisions and closest free intervals compared one by one (what an engine that skips proven times
 * must keep equal to one that sweeps everything).
 */
final class FillingBooks {

    private static final long MINUTE = 60_000L;
    private static final long HOUR = 60 * MINUTE;

    private FillingBooks() {
    }

    /** Asserts the two engines decide and counter-offer alike; answers how many requests got counter-offers. */
    static int compare(Random random, InMemoryCatalogue catalogue, CoAllocator tried, CoAllocator sweeping) {
        List<Plan> booked = new ArrayList<>();
        int counterOffers = 0;
        for (int q = 0; q < 700; q++) {
            long now = q * MINUTE / 10;
            Request request = request(random, "q" + q, now);
            Outcome a = tried.allocate(request);
            Outcome b = sweeping.allocate(request);
            assertThat(withMessage(a)).as("decision of %s", request.requestId()).isEqualTo(withMessage(b));
            if (a instanceof Plan plan) {
                booked.add(plan);
            } else {
                counterOffers++;
                ClosestFreeIntervals ca = tried.closestFree(request, a, now, 24 * HOUR);
                ClosestFreeIntervals cb = sweeping.closestFree(request, b, now, 24 * HOUR);
                assertThat(Outcomes.describe(ca.earliestAfter())).as("after %s", request.requestId())
                        .isEqualTo(Outcomes.describe(cb.earliestAfter()));
                assertThat(Outcomes.describe(ca.latestBefore())).as("before %s", request.requestId())
                        .isEqualTo(Outcomes.describe(cb.latestBefore()));
            }
            if (q == 350) {
                // A new candidate: the memory and the class counts must forget what they proved without it.
                catalogue.add(new Resource("late", Map.of("cores", 4.0, "memory_gb", 4.0), Set.of()));
            }
            if (q % 97 == 96 && !booked.isEmpty()) {
                Plan ended = booked.remove(random.nextInt(booked.size()));      // a cancellation: the books empty
                tried.release(ended);
                sweeping.release(ended);
            }
        }
        return counterOffers;
    }

    /** What a decision says, with a rejection's message (which counts the candidates or the start times judged). */
    private static String withMessage(Outcome outcome) {
        return Outcomes.describe(outcome) + (outcome instanceof Rejection r ? ": " + r.message() : "");
    }

    /**
     * Requests of the same N over a few hours, with amounts and durations on a coarse grid, so that one often asks
     * at least as much as an earlier one (what the memory can use) and many fall in one class (what a class's count
     * serves).
     */
    private static Request request(Random random, String id, long now) {
        long earliest = now + random.nextInt(6 * 60) * MINUTE;
        Request.Builder b = Request.builder(id, "u").submittedAt(now)
                .duration((1 + random.nextInt(4)) * 10 * MINUTE).count(2)
                .window(earliest, earliest + random.nextInt(4) * 15 * MINUTE);
        double cores = 1 + random.nextInt(5) * 0.5;
        b.total("cores", cores).perResource("cores", cores / 4);
        if (random.nextBoolean()) {
            b.total("memory_gb", 0.5 + random.nextInt(4) * 0.5);
        }
        return b.build();
    }
}
