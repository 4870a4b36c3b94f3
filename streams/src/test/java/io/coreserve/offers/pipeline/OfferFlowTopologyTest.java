package io.coreserve.offers.pipeline;

import static io.coreserve.offers.pipeline.OfferFlowFixture.T0;
import static io.coreserve.offers.pipeline.OfferFlowFixture.job;
import static io.coreserve.offers.pipeline.OfferFlowFixture.processorsPerProvider;
import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.events.AgentCommand;
import io.coreserve.events.AgentReply;
import io.coreserve.events.BookedPart;
import io.coreserve.events.Notification;
import io.coreserve.events.NotificationKind;
import io.coreserve.events.OfferJobRequest;
import io.coreserve.events.ProviderBook;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.Reserve;
import io.coreserve.events.ReserveAck;
import io.coreserve.offers.grid.Grid;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The offers pipeline end to end on one TopologyTestDriver: Given a small grid, When jobs arrive on the
 * offer-requests topic, Then the metascheduler and the agents exchange offers and reservations over their topics
 * and a decision comes out. (TopologyTestDriver runs each job's whole exchange before the next job arrives;
 * {@link OfferFlowRaceTest} interleaves them.)
 */
class OfferFlowTopologyTest {

    /** a: 4 processors at 100 MIPS; b: 2 at 200 MIPS (twice as fast); c: 2 at 50 MIPS (half as fast). */
    private static final Grid MIXED = Grid.parse("""
            a 4 100
            b 2 200
            c 2  50
            """);
    /** Same speed everywhere, so a job takes as long on any provider. */
    private static final Grid EVEN = Grid.parse("""
            a 4 100
            b 2 100
            """);
    /** 36 000 MI: 360 s at 100 MIPS, 180 s at 200 MIPS, 720 s at 50 MIPS. */
    private static final long L = 36_000;

    private OfferFlowFixture fixture;
    private TopologyTestDriver driver;
    private TestInputTopic<String, OfferJobRequest> requests;
    private TestOutputTopic<String, ReservationDecision> decisions;
    private TestOutputTopic<String, Notification> notifications;

    private void start(Grid grid) {
        fixture = new OfferFlowFixture(grid, 3);
        driver = fixture.driver(OfferFlowTopology.build(fixture.topics, fixture.serdes, fixture.settings));
        var keys = Serdes.String();
        requests = driver.createInputTopic(fixture.topics.offerRequests(), keys.serializer(),
                fixture.serdes.offerJobRequests().serializer());
        decisions = driver.createOutputTopic(fixture.topics.decisions(), keys.deserializer(),
                fixture.serdes.decisions().deserializer());
        notifications = driver.createOutputTopic(fixture.topics.notifications(), keys.deserializer(),
                fixture.serdes.notifications().deserializer());
    }

    @AfterEach
    void close() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private ReservationDecision submit(OfferJobRequest job) {
        requests.pipeInput(job.getRequestId(), job, T0);
        List<ReservationDecision> out = decisions.readValuesToList();
        assertThat(out).as("decisions for %s", job.getRequestId()).hasSize(1);
        return out.get(0);
    }

    @Test
    void shouldCoverAJobOnAnEmptyGridWithTheEarliestFinishingSlots() {
        start(MIXED);

        ReservationDecision d = submit(job("j1", 3, L));

        // Slots finish at T0+180 s (b, 2 free), T0+360 s (a, 4 free), T0+720 s (c): b's 2, then 1 of a.
        assertThat(d.getStatus()).as(d.getMessage()).isEqualTo(ReservationStatus.ACCEPTED);
        assertThat(processorsPerProvider(d)).isEqualTo(Map.of("a", 1.0, "b", 2.0));
        assertThat(d.getStart()).isEqualTo(T0);
        assertThat(d.getEnd()).isEqualTo(T0.plusSeconds(360));
        assertThat(d.getStatistics().getPasses()).isEqualTo(1);
        Notification n = notifications.readValue();
        assertThat(n.getKind()).isEqualTo(NotificationKind.ACCEPTED);
        assertThat(n.getEmail()).isEqualTo("alice@example.org");
        assertThat(n.getResourceIds()).containsExactly("b", "a");
        assertThat(OfferFlowFixture.books(driver).get("b").getReservations()).singleElement()
                .satisfies(p -> assertThat(p.getEnd()).isEqualTo(T0.plusSeconds(180)));
    }

    @Test
    void shouldCoAllocateAJobWiderThanAnyClusterAcrossProviders() {
        start(MIXED);

        ReservationDecision d = submit(job("wide", 7, L));

        assertThat(d.getStatus()).as(d.getMessage()).isEqualTo(ReservationStatus.ACCEPTED);
        assertThat(processorsPerProvider(d)).isEqualTo(Map.of("a", 4.0, "b", 2.0, "c", 1.0));
        assertThat(d.getStart()).isEqualTo(T0);
        assertThat(d.getEnd()).isEqualTo(T0.plusSeconds(720)); // c's part is the slowest
        fixture.assertBooksNeverOverCommit(driver);
    }

    @Test
    void shouldStartTheSecondOfTwoCompetingJobsLaterWithoutOverCommittingAnyProvider() {
        start(EVEN);

        ReservationDecision first = submit(job("first", 6, L));
        ReservationDecision second = submit(job("second", 3, L));

        assertThat(first.getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
        assertThat(first.getStart()).isEqualTo(T0);
        assertThat(second.getStatus()).as(second.getMessage()).isEqualTo(ReservationStatus.ACCEPTED);
        assertThat(second.getStart()).isEqualTo(T0.plusSeconds(360));
        assertThat(processorsPerProvider(second)).isEqualTo(Map.of("a", 3.0));
        fixture.assertDecisionsNeverOverCommit(List.of(first, second));
        fixture.assertBooksNeverOverCommit(driver);
    }

    @Test
    void shouldUseTheFreeProcessorsLeftNextToAnEarlierJob() {
        start(EVEN);

        ReservationDecision first = submit(job("first", 3, L));
        ReservationDecision second = submit(job("second", 3, L));

        // a has 1 free and b 2 free during the first job: the second job fits beside it.
        assertThat(second.getStart()).isEqualTo(T0);
        assertThat(processorsPerProvider(second)).isEqualTo(Map.of("a", 1.0, "b", 2.0));
        fixture.assertDecisionsNeverOverCommit(List.of(first, second));
    }

    @Test
    void shouldRejectAJobWiderThanTheWholeGrid() {
        start(EVEN);

        ReservationDecision d = submit(job("huge", 7, L));

        assertThat(d.getStatus()).isEqualTo(ReservationStatus.REJECTED);
        assertThat(d.getReasonCode()).isEqualTo("TOTALS_UNREACHABLE");
        assertThat(notifications.readValue().getKind()).isEqualTo(NotificationKind.REJECTED);
        assertThat(OfferFlowFixture.books(driver)).isEmpty();
    }

    @Test
    void shouldRejectAnInvalidJobWithTheOffendingField() {
        start(EVEN);

        ReservationDecision d = submit(job("bad", 0, L));

        assertThat(d.getStatus()).isEqualTo(ReservationStatus.REJECTED);
        assertThat(d.getReasonCode()).isEqualTo("INVALID_REQUEST");
        assertThat(d.getField()).isEqualTo("processors");
    }

    @Test
    void shouldSendTheEarlierDecisionAgainForARepeatedRequestIdAndBookNothing() {
        start(EVEN);

        ReservationDecision first = submit(job("r1", 6, L));
        requests.pipeInput("r1", job("r1", 6, L), T0.plusSeconds(10));
        ReservationDecision again = decisions.readValue();

        assertThat(again).isEqualTo(first);
        assertThat(notifications.readValuesToList()).hasSize(1);
        assertThat(OfferFlowFixture.books(driver).values()).allSatisfy(b ->
                assertThat(b.getReservations()).extracting(BookedPart::getRequestId).containsExactly("r1"));
        // Had the repeat booked again, r2 could not start before T0 + 720 s.
        assertThat(submit(job("r2", 6, L)).getStart()).isEqualTo(T0.plusSeconds(360));
    }

    @Test
    void shouldDecideARepeatedIdAnewAndForgetDecidedJobsOnceOlderThanTheRetention() {
        start(EVEN);
        ReservationDecision first = submit(job("r1", 6, L));

        // A job every 10 minutes of event time for 100 hours; the retention is 2 days.
        int jobs = 600;
        for (int i = 0; i < jobs; i++) {
            requests.pipeInput("j" + i, job("j" + i, 1, 100), T0.plus(Duration.ofMinutes(10L * (i + 1))));
        }
        Instant later = T0.plus(Duration.ofMinutes(10L * (jobs + 1)));
        requests.pipeInput("r1", job("r1", 6, L), later);
        List<ReservationDecision> out = decisions.readValuesToList();
        ReservationDecision again = out.get(out.size() - 1);

        assertThat(again.getRequestId()).isEqualTo("r1");
        assertThat(again.getDecidedAt()).as("decided anew, not sent again").isEqualTo(later);
        assertThat(again.getStart()).isAfter(first.getStart());
        KeyValueStore<String, Object> store = driver.getKeyValueStore(OfferFlowTopology.JOBS_STORE);
        long kept = 0;
        try (var all = store.all()) {
            while (all.hasNext()) {
                all.next();
                kept++;
            }
        }
        // Two days' worth (288 jobs) and the sweep's slack, far fewer than the 602 decided.
        assertThat(kept).isBetween(288L, 450L);
        assertThat(store.get("j0")).isNull();
    }

    @Test
    void shouldStartNoEarlierThanTheRequestsEventTimeOrNotBefore() {
        start(EVEN);
        OfferJobRequest later = job("later", 2, L);
        later.setNotBefore(T0.plus(Duration.ofHours(1)));

        requests.pipeInput("later", later, T0.plusMillis(1500));
        requests.pipeInput("past", job("past", 2, L), T0.plusMillis(1500));

        List<ReservationDecision> out = decisions.readValuesToList();
        assertThat(out.get(0).getStart()).isEqualTo(T0.plus(Duration.ofHours(1)));
        assertThat(out.get(1).getStart()).isEqualTo(T0.plusSeconds(2)); // rounded up to a whole second
    }

    @Test
    void shouldAcknowledgeARepeatedReserveAgainAndBookItOnce() {
        start(EVEN);
        var keys = Serdes.String();
        TestInputTopic<String, AgentCommand> commands = driver.createInputTopic(fixture.topics.agentCommands(),
                keys.serializer(), fixture.serdes.agentCommands().serializer());
        TestOutputTopic<String, AgentReply> replies = driver.createOutputTopic(fixture.topics.agentReplies(),
                keys.deserializer(), fixture.serdes.agentReplies().deserializer());
        AgentCommand reserve = AgentCommand.newBuilder().setProviderId("a").setRequestId("stray").setAttempt(1)
                .setCommand(new Reserve(0, T0, 360_000L, 4)).setSentAt(T0).build();

        commands.pipeInput("a", reserve, T0);
        commands.pipeInput("a", reserve, T0);

        assertThat(replies.readValuesToList()).extracting(r -> ((ReserveAck) r.getReply()).getAccepted())
                .containsExactly(true, true);
        assertThat(OfferFlowFixture.books(driver).get("a").getReservations()).hasSize(1);
        // The stray reservation holds a, so a job needing 4 processors waits for it or uses b.
        ReservationDecision d = submit(job("after", 4, L));
        assertThat(d.getStart()).isEqualTo(T0);
        assertThat(d.getEnd()).isEqualTo(T0.plusSeconds(720));
        fixture.assertBooksNeverOverCommit(driver);
    }

    @Test
    void shouldRebuildAProvidersReservationListFromItsBook() {
        start(EVEN);
        // Given a book restored from the changelog (a fresh task): a holds all 4 processors for 360 s.
        KeyValueStore<String, ProviderBook> books = driver.getKeyValueStore(OfferFlowTopology.PROVIDER_BOOKS_STORE);
        books.put("a", new ProviderBook("a", List.of(new BookedPart("earlier", 1, 0, T0, T0.plusSeconds(360), 4))));

        ReservationDecision d = submit(job("after", 4, L));

        // b's 2 processors now and 2 of a's once the earlier reservation ends.
        assertThat(processorsPerProvider(d)).isEqualTo(Map.of("a", 2.0, "b", 2.0));
        assertThat(d.getStart()).isEqualTo(T0);
        assertThat(d.getEnd()).isEqualTo(T0.plusSeconds(720));
        fixture.assertBooksNeverOverCommit(driver);
    }
}
