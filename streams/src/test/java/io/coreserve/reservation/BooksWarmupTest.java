package io.coreserve.reservation;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.catalogue.DemoCatalogue;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.engine.allocation.Outcome;
import io.coreserve.engine.allocation.Rejection;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.Resource;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BooksWarmupTest {

    private static final ReservationSettings SETTINGS = ReservationSettings.from(CoreserveConfig.of(Map.of()));

    @Test
    void shouldBookCounterOfferAndCancelOnScratchBooksUntilItsRequestsAreDecided() throws Exception {
        List<Resource> catalogue = DemoCatalogue.generate(40, "default", 3L, Instant.now());
        BooksWarmup warmup = BooksWarmup.start(SETTINGS, "default", 3_000, () -> true, () -> catalogue);
        try {
            assertThat(warmup.await(Duration.ofMinutes(2))).as("ended").isTrue();
        } finally {
            warmup.close();
        }
        // Every path a user's request takes on books that fill: accepted and booked, counter-offered, cancelled.
        assertThat(warmup.decided()).isEqualTo(3_000);
        assertThat(warmup.accepted()).isPositive().isLessThan(3_000);
        assertThat(warmup.searchedClosest()).as("closest-free searches").isPositive();
        assertThat(warmup.cancelled()).isPositive().isLessThan(warmup.accepted());
    }

    @Test
    void shouldStopWhenClosedAndNeverStartWithoutNodes() throws Exception {
        List<Resource> catalogue = DemoCatalogue.generate(40, "default", 3L, Instant.now());
        BooksWarmup endless = BooksWarmup.start(SETTINGS, "default", 1_000_000, () -> true, () -> catalogue);
        endless.close();
        assertThat(endless.await(Duration.ZERO)).as("ended once closed").isTrue();
        assertThat(endless.decided()).isLessThan(1_000_000);

        BooksWarmup empty = BooksWarmup.start(SETTINGS, "default", 100, () -> true, List::of);
        assertThat(empty.await(Duration.ofSeconds(30))).isTrue();
        assertThat(empty.decided()).isZero();
    }

    /**
     * A warm-up whose requests the request rules refused would warm the refusal, not the search: every synthetic
     * request passes them, and the engine searches it (no INVALID_REQUEST or unknown-property rejection).
     */
    @Test
    void shouldShapeRequestsThatTheRulesAndTheEngineAccept() {
        List<Resource> catalogue = DemoCatalogue.generate(30, "default", 5L, Instant.now());
        DomainBooks books = DomainBooks.build(SETTINGS.properties(), SETTINGS.engine(), catalogue, Set.of(),
                List.of(), List.of());
        SplittableRandom random = new SplittableRandom(1);
        long now = System.currentTimeMillis();
        for (int k = 0; k < 300; k++) {
            CoAllocationRequest request = BooksWarmup.request(k, catalogue, random, now);
            assertThat(RequestTerms.beforeEngine(request, now, now, SETTINGS)).as("request %d", k).isNull();
            Outcome outcome = books.allocator().probe(EventMapping.toEngine(request, now));
            if (outcome instanceof Rejection rejection) {
                assertThat(rejection.field()).as("request %d: %s", k, rejection.message()).isNull();
            }
        }
    }
}
