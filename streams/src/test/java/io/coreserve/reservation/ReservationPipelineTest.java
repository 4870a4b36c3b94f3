package io.coreserve.reservation;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Topics;
import io.coreserve.events.Allocation;
import io.coreserve.events.CancelRequest;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.Notification;
import io.coreserve.events.NotificationKind;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.Resource;
import io.coreserve.events.ResourceSample;
import io.coreserve.serde.InMemorySchemaRegistryClient;
import io.coreserve.topology.EventSerdes;
import io.coreserve.topology.PipelineTopology;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reservation pipeline on TopologyTestDriver: Given a catalogue, When commands arrive, Then decisions. */
class ReservationPipelineTest {

    /** Its own state directory: test runs in parallel JVMs would otherwise share the default one. */
    @TempDir
    java.nio.file.Path stateDir;

    private static final Instant T0 = Instant.parse("2026-11-21T08:00:00Z");
    private static final long HOUR = 3_600_000L;

    private final String scope = "pipeline-" + UUID.randomUUID();
    private TopologyTestDriver driver;
    private Topics topics;
    private TestInputTopic<String, Resource> resources;
    private TestInputTopic<String, ReservationCommand> commands;
    private TestInputTopic<String, byte[]> rawCommands;
    private TestInputTopic<String, ResourceSample> samples;
    private TestOutputTopic<String, ReservationDecision> decisions;
    private TestOutputTopic<String, Notification> notifications;

    @BeforeEach
    void startDriver() {
        CoreserveConfig config = CoreserveConfig.of(Map.of(
                StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092",
                StreamsConfig.STATE_DIR_CONFIG, stateDir.toString(),
                CoreserveConfig.SCHEMA_REGISTRY_URL, "mock://" + scope,
                ReservationSettings.PROPERTIES, "cores,memory_gb"));
        topics = config.topics();
        EventSerdes serdes = new EventSerdes(config);
        ReservationPipeline pipeline = ReservationPipeline.forConfig(config);
        driver = new TopologyTestDriver(
                PipelineTopology.build(topics, serdes, pipeline.handlers(), pipeline.stores()),
                config.streamsProperties(), T0);
        var keys = Serdes.String();
        resources = driver.createInputTopic(topics.resources(), keys.serializer(), serdes.resources().serializer());
        commands = driver.createInputTopic(topics.requests(), keys.serializer(), serdes.commands().serializer());
        rawCommands = driver.createInputTopic(topics.requests(), keys.serializer(), new ByteArraySerializer());
        samples = driver.createInputTopic(topics.samples(), keys.serializer(), serdes.samples().serializer());
        decisions = driver.createOutputTopic(topics.decisions(), keys.deserializer(), serdes.decisions().deserializer());
        notifications = driver.createOutputTopic(topics.notifications(), keys.deserializer(),
                serdes.notifications().deserializer());
        // Given four nodes: 4 + 2 + 2 + 1 cores, 8 + 4 + 2 + 2 GB.
        addNode("n1", 4, 8);
        addNode("n2", 2, 4);
        addNode("n3", 2, 2);
        addNode("n4", 1, 2);
    }

    @AfterEach
    void close() {
        driver.close();
        InMemorySchemaRegistryClient.dropScope(scope);
    }

    private void addNode(String id, double cores, double memory) {
        resources.pipeInput("default", Resource.newBuilder().setId(id).setDomain("default")
                .setProperties(Map.of("cores", cores, "memory_gb", memory))
                .setLabels(Map.of("arch", "x86_64")).setUpdatedAt(T0).build(), T0);
    }

    private static CoAllocationRequest.Builder request(String id, int n, double totalCores) {
        return CoAllocationRequest.newBuilder()
                .setRequestId(id).setUser("alice").setEmail("alice@example.org").setDomain("default")
                .setDurationMillis(2 * HOUR).setResourceCount(n)
                .setEarliestStart(T0).setLatestStart(T0)
                .setMinimums(Map.of("cores", 1.0))
                .setTotals(Map.of("cores", totalCores))
                .setSubmittedAt(T0);
    }

    private void send(Object command) {
        commands.pipeInput("default", ReservationCommand.newBuilder().setCommand(command).build(), T0);
    }

    private static double total(ReservationDecision d, String property) {
        return d.getAllocations().stream().mapToDouble(a -> a.getAmounts().get(property)).sum();
    }

    @Test
    void shouldAcceptCollectiveRequestWithTotalsReachedAndEveryMinimumMet() {
        send(request("r1", 2, 5).build());

        ReservationDecision d = decisions.readValue();
        assertThat(d.getStatus()).as(d.getMessage()).isEqualTo(ReservationStatus.ACCEPTED);
        assertThat(d.getAllocations()).hasSize(2);
        assertThat(total(d, "cores")).isGreaterThanOrEqualTo(5.0 - 1e-9);
        assertThat(d.getAllocations()).allSatisfy(a -> assertThat(a.getAmounts().get("cores")).isGreaterThanOrEqualTo(1.0 - 1e-9));
        assertThat(d.getStart()).isEqualTo(T0);
        assertThat(d.getEnd()).isEqualTo(T0.plusMillis(2 * HOUR));
        Notification n = notifications.readValue();
        assertThat(n.getKind()).isEqualTo(NotificationKind.ACCEPTED);
        assertThat(n.getEmail()).isEqualTo("alice@example.org");
    }

    @Test
    void shouldSendTheEarlierDecisionAgainForARepeatedRequestIdAndBookNothing() {
        // 9 cores exist; r1 takes 8 of them, so a second booking of 8 could not fit.
        send(request("r1", 3, 8).build());
        ReservationDecision first = decisions.readValue();
        send(request("r1", 3, 8).build());
        ReservationDecision again = decisions.readValue();

        assertThat(first.getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
        assertThat(again).isEqualTo(first);
        // Had the repeat booked again, 1 core would be left and this request could not be met.
        send(request("r2", 1, 1).build());
        assertThat(decisions.readValue().getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
    }

    @Test
    void shouldRejectInvalidRequestNamingTheFieldAndBookNothing() {
        send(request("bad", 0, 5).build());

        ReservationDecision d = decisions.readValue();
        assertThat(d.getStatus()).isEqualTo(ReservationStatus.REJECTED);
        assertThat(d.getReasonCode()).isEqualTo("INVALID_REQUEST");
        assertThat(d.getField()).isNotBlank();
        assertThat(d.getMessage()).isNotBlank();
        send(request("all", 4, 9).build());
        assertThat(decisions.readValue().getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
    }

    @Test
    void shouldReleaseExactlyWhatWasBookedOnCancel() {
        send(request("big", 4, 9).build());
        assertThat(decisions.readValue().getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
        send(request("blocked", 1, 1).build());
        assertThat(decisions.readValue().getStatus()).isNotEqualTo(ReservationStatus.ACCEPTED);

        send(CancelRequest.newBuilder().setRequestId("big").setUser("alice").setRequestedAt(T0).build());
        ReservationDecision cancelled = decisions.readValue();

        assertThat(cancelled.getStatus()).isEqualTo(ReservationStatus.CANCELLED);
        assertThat(cancelled.getAllocations()).extracting(Allocation::getResourceId).hasSize(4);
        send(request("again", 4, 9).build());
        assertThat(decisions.readValue().getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
    }

    @Test
    void shouldRefuseCancellationByAnotherUser() {
        send(request("r1", 2, 5).build());
        decisions.readValue();

        send(CancelRequest.newBuilder().setRequestId("r1").setUser("mallory").setRequestedAt(T0).build());

        ReservationDecision d = decisions.readValue();
        assertThat(d.getStatus()).isEqualTo(ReservationStatus.REJECTED);
        assertThat(d.getReasonCode()).isEqualTo("CANCEL_REFUSED");
    }

    @Test
    void shouldSkipUnreadableRecordAndKeepProcessing() {
        // TopologyTestDriver does not route dead-letter records; PipelineIntegrationTest checks the topic on a broker.
        rawCommands.pipeInput("default", "not avro at all".getBytes(StandardCharsets.UTF_8), T0);
        send(request("after-garbage", 2, 5).build());

        assertThat(decisions.readValue().getRequestId()).isEqualTo("after-garbage");
        assertThat(decisions.isEmpty()).isTrue();
    }

    private void sample(String node, Instant from, Instant to, double cores, boolean up) {
        samples.pipeInput("default", ResourceSample.newBuilder().setResourceId(node).setDomain("default")
                .setWindowStart(from).setWindowEnd(to).setUsed(Map.of("cores", cores)).setUp(up).build(), from);
    }

    @Test
    void shouldBookASampleThatArrivedBeforeItsResourceOnceTheResourceArrives() {
        // n5 is measured busy (all 4 cores) for two hours before the catalogue has it: the sample waits for it.
        sample("n5", T0, T0.plusMillis(2 * HOUR), 4, true);
        addNode("n5", 4, 8);

        // All five nodes (13 cores) are needed: not while n5 is busy, at once after.
        send(request("during", 5, 13).build());
        ReservationDecision during = decisions.readValue();
        send(request("after", 5, 13).setEarliestStart(T0.plusMillis(2 * HOUR)).setLatestStart(T0.plusMillis(2 * HOUR))
                .build());
        ReservationDecision after = decisions.readValue();

        assertThat(during.getStatus()).as(during.getMessage()).isNotEqualTo(ReservationStatus.ACCEPTED);
        assertThat(after.getStatus()).as(after.getMessage()).isEqualTo(ReservationStatus.ACCEPTED);
    }

    @Test
    void shouldBookMeasuredUsageAsBackgroundOccupancyOverTheSampleWindow() {
        // n1 is measured using 3 of its 4 cores for the next two hours: 6 of 9 cores are left then.
        sample("n1", T0, T0.plusMillis(2 * HOUR), 3, true);

        send(request("during", 4, 9).build());
        ReservationDecision during = decisions.readValue();
        send(request("after", 4, 9).setEarliestStart(T0.plusMillis(2 * HOUR)).setLatestStart(T0.plusMillis(2 * HOUR)).build());
        ReservationDecision after = decisions.readValue();

        assertThat(during.getStatus()).isNotEqualTo(ReservationStatus.ACCEPTED);
        assertThat(after.getStatus()).as(after.getMessage()).isEqualTo(ReservationStatus.ACCEPTED);
    }

    @Test
    void shouldStopSelectingADownResourceAndTellItsHoldersTheyLostIt() {
        send(request("holder", 4, 9).build());
        assertThat(decisions.readValue().getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
        notifications.readValue();

        sample("n4", T0.plusMillis(HOUR), T0.plusMillis(HOUR + 300_000), 0, false);

        Notification lost = notifications.readValue();
        assertThat(lost.getKind()).isEqualTo(NotificationKind.RESOURCE_LOST);
        assertThat(lost.getRequestId()).isEqualTo("holder");
        assertThat(lost.getResourceIds()).containsExactly("n4");
        // Four nodes are needed for N=4; with n4 down there are three, whatever the time.
        send(CancelRequest.newBuilder().setRequestId("holder").setUser("alice").setRequestedAt(T0).build());
        decisions.readValue();
        send(request("needs-all-four", 4, 4).setLatestStart(T0.plusMillis(5 * HOUR)).build());
        assertThat(decisions.readValue().getStatus()).isNotEqualTo(ReservationStatus.ACCEPTED);
    }

    @Test
    void shouldNotifyStartingAndCompletedAsStreamTimePassesAReservation() {
        Instant start = T0.plusMillis(HOUR);
        send(request("later", 2, 5).setEarliestStart(start).setLatestStart(start).build());
        assertThat(decisions.readValue().getStart()).isEqualTo(start);
        notifications.readValue();

        // Stream time moves with the records: a sample at start + 2 min, then one after the end.
        sample("n4", start.plusMillis(120_000), start.plusMillis(180_000), 0, true);
        List<Notification> atStart = notifications.readValuesToList();
        sample("n4", start.plusMillis(2 * HOUR + 120_000), start.plusMillis(2 * HOUR + 180_000), 0, true);
        List<Notification> atEnd = notifications.readValuesToList();

        assertThat(atStart).extracting(Notification::getKind).containsExactly(NotificationKind.STARTING);
        assertThat(atStart.get(0).getEmail()).isEqualTo("alice@example.org");
        assertThat(atEnd).extracting(Notification::getKind).containsExactly(NotificationKind.COMPLETED);
    }

    @Test
    void shouldLeaveOutOfTheDomainsPropertiesThoseNoneOfItsResourcesHas() {
        // The pipeline is configured with cores and memory_gb; a second domain's nodes have cores only.
        resources.pipeInput("cores-only", Resource.newBuilder().setId("c1").setDomain("cores-only")
                .setProperties(Map.of("cores", 8.0)).setUpdatedAt(T0).build(), T0);
        resources.pipeInput("cores-only", Resource.newBuilder().setId("c2").setDomain("cores-only")
                .setProperties(Map.of("cores", 8.0, "gpus", 2.0)).setUpdatedAt(T0).build(), T0);

        commands.pipeInput("cores-only", ReservationCommand.newBuilder().setCommand(request("cores-job", 2, 12)
                .setDomain("cores-only").build()).build(), T0);
        ReservationDecision accepted = decisions.readValue();
        commands.pipeInput("cores-only", ReservationCommand.newBuilder().setCommand(request("memory-job", 2, 12)
                .setDomain("cores-only").setTotals(Map.of("memory_gb", 4.0)).build()).build(), T0);
        ReservationDecision rejected = decisions.readValue();

        assertThat(accepted.getStatus()).as(accepted.getMessage()).isEqualTo(ReservationStatus.ACCEPTED);
        assertThat(accepted.getAllocations()).allSatisfy(a -> assertThat(a.getAmounts()).containsOnlyKeys("cores"));
        assertThat(rejected.getStatus()).isEqualTo(ReservationStatus.REJECTED);
        assertThat(rejected.getField()).isEqualTo("totals.memory_gb");
    }

    @Test
    void shouldRefuseACounterOfferAcceptedAfterItExpiredAndBookNothing() {
        // All 9 cores are taken for the first two hours, so a 9-core request at T0 gets a counter-offer.
        send(request("first", 4, 9).build());
        decisions.readValue();
        send(request("second", 4, 9).build());
        ReservationDecision offer = decisions.readValue();
        assertThat(offer.getStatus()).isEqualTo(ReservationStatus.COUNTER_OFFER);
        Instant offeredStart = offer.getAlternatives().get(0).getStart();
        Instant late = offer.getOfferExpiresAt().plusMillis(1);

        commands.pipeInput("default", ReservationCommand.newBuilder().setCommand(io.coreserve.events.AcceptCounterOffer
                .newBuilder().setRequestId("second").setUser("alice").setStart(offeredStart).setAcceptedAt(late).build())
                .build(), late);
        ReservationDecision refused = decisions.readValue();

        assertThat(refused.getStatus()).isEqualTo(ReservationStatus.REJECTED);
        assertThat(refused.getReasonCode()).isEqualTo("OFFER_EXPIRED");
        // Nothing was booked for it: the offered interval is still free for a newcomer.
        send(request("newcomer", 4, 9).setEarliestStart(offeredStart).setLatestStart(offeredStart).build());
        assertThat(decisions.readValue().getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
    }
}
