package io.coreserve.offers.pipeline;

import static io.coreserve.offers.pipeline.OfferFlowFixture.T0;
import static io.coreserve.offers.pipeline.OfferFlowFixture.job;
import static io.coreserve.offers.pipeline.OfferFlowFixture.processorsPerProvider;
import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.events.AgentCommand;
import io.coreserve.events.Release;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.Reserve;
import io.coreserve.events.ReserveAck;
import io.coreserve.offers.grid.Grid;
import java.time.Duration;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Jobs do not hang on a provider that never answers, and books do not grow forever. The metascheduler and the
 * agents run as two drivers with the messages carried between them by hand, so that some can be lost; the
 * metascheduler's wall clock is advanced past the reply timeout (the default, 30 s).
 */
class OfferFlowLivenessTest {

    private static final Grid GRID = Grid.parse("""
            a 4 100
            b 2 100
            """);
    private static final long L = 36_000;
    private static final Duration PAST_TIMEOUT = OfferFlowSettings.DEFAULT_REPLY_TIMEOUT.plusSeconds(1);

    private SplitOfferFlow flow;

    @AfterEach
    void close() {
        flow.close();
    }

    private static Predicate<AgentCommand> to(String provider) {
        return c -> c.getProviderId().equals(provider);
    }

    @Test
    void shouldComposeFromTheOffersItHasWhenAProviderNeverAnswers() {
        flow = new SplitOfferFlow(GRID, 3);
        flow.requests.pipeInput("x", job("x", 4, L), T0);
        flow.exchange(to("b"), r -> false);
        assertThat(flow.decisions.isEmpty()).as("waiting for b").isTrue();

        flow.metascheduler.advanceWallClockTime(PAST_TIMEOUT);
        flow.exchange(to("b"), r -> false);

        ReservationDecision x = flow.decisions.readValue();
        assertThat(x.getStatus()).as(x.getMessage()).isEqualTo(ReservationStatus.ACCEPTED);
        assertThat(processorsPerProvider(x)).isEqualTo(Map.of("a", 4.0));
        assertThat(flow.decisions.isEmpty()).isTrue();
    }

    @Test
    void shouldRejectWhenNoProviderAnswersOnlyOnceTheTimeoutHasPassed() {
        flow = new SplitOfferFlow(GRID, 3);
        flow.requests.pipeInput("x", job("x", 2, L), T0);
        flow.exchange(c -> true, r -> false);
        flow.metascheduler.advanceWallClockTime(OfferFlowSettings.DEFAULT_REPLY_TIMEOUT.minusSeconds(1));
        assertThat(flow.decisions.isEmpty()).as("still within the timeout").isTrue();

        flow.metascheduler.advanceWallClockTime(Duration.ofSeconds(2));

        ReservationDecision x = flow.decisions.readValue();
        assertThat(x.getStatus()).isEqualTo(ReservationStatus.REJECTED);
        assertThat(x.getReasonCode()).isEqualTo("PROVIDER_TIMEOUT");
    }

    @Test
    void shouldReleaseAReservationWhoseAnswerWasLostAndRejectWhenNoAttemptsAreLeft() {
        flow = new SplitOfferFlow(GRID, 1);
        // 6 processors need both providers; b books its part, but its acknowledgement is lost.
        flow.requests.pipeInput("x", job("x", 6, L), T0);
        flow.exchange(c -> false, r -> r.getProviderId().equals("b") && r.getReply() instanceof ReserveAck);
        assertThat(flow.delivered).filteredOn(c -> c.getCommand() instanceof Reserve).extracting(AgentCommand::getProviderId)
                .containsExactlyInAnyOrder("a", "b");
        assertThat(OfferFlowFixture.books(flow.agents).get("b").getReservations()).hasSize(1);

        flow.metascheduler.advanceWallClockTime(PAST_TIMEOUT);
        flow.exchangeUntilQuiet();

        ReservationDecision x = flow.decisions.readValue();
        assertThat(x.getStatus()).isEqualTo(ReservationStatus.REJECTED);
        assertThat(x.getReasonCode()).isEqualTo("PROVIDER_TIMEOUT");
        assertThat(flow.delivered).filteredOn(c -> c.getCommand() instanceof Release).extracting(AgentCommand::getProviderId)
                .containsExactlyInAnyOrder("a", "b");
        var books = OfferFlowFixture.books(flow.agents);
        assertThat(books.get("a").getReservations()).isEmpty();
        assertThat(books.get("b").getReservations()).isEmpty();
    }

    @Test
    void shouldDropReservationsFromTheBooksOnceTheyEndedLongerAgoThanTheRetention() {
        flow = new SplitOfferFlow(GRID, 3);
        flow.requests.pipeInput("x", job("x", 4, L), T0);
        flow.exchangeUntilQuiet();
        assertThat(OfferFlowFixture.books(flow.agents).get("a").getReservations()).extracting(p -> p.getRequestId())
                .containsExactly("x");

        // Stream time moves past x's end plus the retention (2 days) with the next job's commands.
        java.time.Instant later = T0.plus(io.coreserve.config.CoreserveConfig.DEFAULT_HISTORY_RETENTION).plusSeconds(3_600);
        flow.requests.pipeInput("y", job("y", 4, L), later);
        flow.exchangeUntilQuiet();

        var books = OfferFlowFixture.books(flow.agents);
        assertThat(books.values()).flatExtracting(b -> b.getReservations()).extracting(p -> p.getRequestId())
                .containsExactly("y");
        assertThat(flow.decisions.readValuesToList()).extracting(ReservationDecision::getStatus)
                .containsExactly(ReservationStatus.ACCEPTED, ReservationStatus.ACCEPTED);
    }
}
