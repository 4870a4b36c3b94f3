package io.coreserve.offers.pipeline;

import static io.coreserve.offers.pipeline.OfferFlowFixture.T0;
import static io.coreserve.offers.pipeline.OfferFlowFixture.job;
import static io.coreserve.offers.pipeline.OfferFlowFixture.processorsPerProvider;
import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.events.AgentCommand;
import io.coreserve.events.AgentReply;
import io.coreserve.events.BookedPart;
import io.coreserve.events.Release;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.offers.grid.Grid;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two jobs whose offers and reservations interleave, as they do when several metascheduler tasks run at once:
 * the metascheduler and the provider agents run on two TopologyTestDrivers and the test carries the messages
 * between them in rounds, so both jobs are offered the same free slots before either reserves.
 */
class OfferFlowRaceTest {

    /** Same speed: 36 000 MI take 360 s on either provider. */
    private static final Grid GRID = Grid.parse("""
            a 4 100
            b 2 100
            """);
    private static final long L = 36_000;

    private SplitOfferFlow flow;

    private void start(int maxAttempts) {
        flow = new SplitOfferFlow(GRID, maxAttempts);
    }

    @AfterEach
    void close() {
        flow.close();
    }

    private ReservationDecision decisionFor(List<ReservationDecision> all, String requestId) {
        return all.stream().filter(d -> d.getRequestId().equals(requestId)).findFirst().orElseThrow();
    }

    @Test
    void shouldRetryWithFreshOffersWhenAReservationIsRefusedAndBookCorrectly() {
        start(3);

        // Both jobs are offered a's 4 free processors at T0 before either reserves them.
        flow.requests.pipeInput("x", job("x", 4, L), T0);
        flow.requests.pipeInput("y", job("y", 5, L), T0);
        flow.exchangeUntilQuiet();

        List<ReservationDecision> all = flow.decisions.readValuesToList();
        assertThat(all).hasSize(2);
        ReservationDecision x = decisionFor(all, "x");
        ReservationDecision y = decisionFor(all, "y");
        assertThat(x.getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
        assertThat(processorsPerProvider(x)).isEqualTo(Map.of("a", 4.0));
        // y's first attempt: a refused, b's 1 processor accepted and then released. Second attempt: b's 2 now,
        // a's 3 once x ends.
        assertThat(y.getStatus()).as(y.getMessage()).isEqualTo(ReservationStatus.ACCEPTED);
        assertThat(y.getStatistics().getPasses()).isEqualTo(2);
        assertThat(processorsPerProvider(y)).isEqualTo(Map.of("a", 3.0, "b", 2.0));
        assertThat(y.getStart()).isEqualTo(T0);
        assertThat(y.getEnd()).isEqualTo(T0.plusSeconds(720));
        assertThat(flow.delivered).filteredOn(c -> c.getCommand() instanceof Release)
                .extracting(AgentCommand::getProviderId, AgentCommand::getRequestId, AgentCommand::getAttempt)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("b", "y", 1));
        var books = OfferFlowFixture.books(flow.agents);
        assertThat(books.get("b").getReservations()).extracting(BookedPart::getRequestId, BookedPart::getAttempt,
                BookedPart::getProcessors).containsExactly(org.assertj.core.groups.Tuple.tuple("y", 2, 2));
        flow.fixture.assertBooksNeverOverCommit(flow.agents);
    }

    @Test
    void shouldRejectCleanlyAndReleaseWhatWasBookedWhenNoAttemptsAreLeft() {
        start(1);

        flow.requests.pipeInput("x", job("x", 4, L), T0);
        flow.requests.pipeInput("y", job("y", 5, L), T0);
        flow.exchangeUntilQuiet();

        List<ReservationDecision> all = flow.decisions.readValuesToList();
        assertThat(decisionFor(all, "x").getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
        ReservationDecision y = decisionFor(all, "y");
        assertThat(y.getStatus()).isEqualTo(ReservationStatus.REJECTED);
        assertThat(y.getReasonCode()).isEqualTo("OFFER_TAKEN");
        var books = OfferFlowFixture.books(flow.agents);
        assertThat(books.get("a").getReservations()).extracting(BookedPart::getRequestId).containsExactly("x");
        assertThat(books.get("b").getReservations()).isEmpty();
    }

    @Test
    void shouldIgnoreRepliesOfAnEarlierAttempt() {
        start(3);
        flow.requests.pipeInput("x", job("x", 4, L), T0);
        flow.requests.pipeInput("y", job("y", 5, L), T0);
        flow.exchangeUntilQuiet();
        List<ReservationDecision> before = flow.decisions.readValuesToList();

        // A late duplicate of y's first-attempt offer from a changes nothing.
        AgentReply stale = AgentReply.newBuilder().setProviderId("a").setRequestId("y").setAttempt(1)
                .setReply(io.coreserve.events.Offer.newBuilder().setProviderId("a").setRequestId("y")
                        .setSlots(List.of()).setCreatedAt(T0).build())
                .setSentAt(T0).build();
        flow.repliesIn.pipeInput("y", stale, T0);

        assertThat(before).hasSize(2);
        assertThat(flow.decisions.isEmpty()).isTrue();
        assertThat(flow.commandsOut.isEmpty()).isTrue();
    }
}
