package io.coreserve.reservation;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.config.Settings;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.Resource;
import io.coreserve.serde.InMemorySchemaRegistryClient;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Decisions are kept for the history retention after they settle, then pruned with their requests: the stores stay
 * bounded however many requests come, and an id may be used again.
 */
class DecisionRetentionTest {

    @TempDir
    java.nio.file.Path stateDir;

    private static final Instant T0 = Instant.parse("2026-11-21T08:00:00Z");
    private static final long MINUTE = 60_000L;

    private final String scope = "retention-" + UUID.randomUUID();
    private PipelineDriver fixture;
    private TestInputTopic<String, ReservationCommand> commands;
    private TestOutputTopic<String, ReservationDecision> decisions;

    @BeforeEach
    void start() {
        fixture = PipelineDriver.start(stateDir, scope, T0, Map.of(Settings.HISTORY_RETENTION, "PT1H"));
        var keys = Serdes.String();
        var topics = fixture.config().topics();
        TestInputTopic<String, Resource> resources = fixture.driver().createInputTopic(topics.resources(),
                keys.serializer(), fixture.serdes().resources().serializer());
        resources.pipeInput("default", Resource.newBuilder().setId("n1").setDomain("default")
                .setProperties(Map.of("cores", 4.0, "memory_gb", 8.0)).setUpdatedAt(T0).build(), T0);
        commands = fixture.driver().createInputTopic(topics.requests(), keys.serializer(),
                fixture.serdes().commands().serializer());
        decisions = fixture.driver().createOutputTopic(topics.decisions(), keys.deserializer(),
                fixture.serdes().decisions().deserializer());
    }

    @AfterEach
    void close() {
        fixture.driver().close();
        InMemorySchemaRegistryClient.dropScope(scope);
    }

    /** A one-minute booking of a core starting when it is sent. */
    private ReservationDecision send(String id, Instant at) {
        CoAllocationRequest request = CoAllocationRequest.newBuilder().setRequestId(id).setUser("alice")
                .setDomain("default").setDurationMillis(MINUTE).setResourceCount(1).setEarliestStart(at)
                .setLatestStart(at).setMinimums(Map.of("cores", 1.0)).setSubmittedAt(at).build();
        commands.pipeInput("default", ReservationCommand.newBuilder().setCommand(request).build(), at);
        return decisions.readValue();
    }

    @Test
    void shouldDecideARepeatedIdAnewOnceTheFirstDecisionIsOlderThanTheRetention() {
        ReservationDecision first = send("job", T0);
        assertThat(send("job", T0.plusSeconds(30))).as("within the retention: the same decision").isEqualTo(first);

        Instant later = T0.plusSeconds(3 * 3600);
        send("other", later);                       // stream time passes: the tick moves the watermark
        ReservationDecision again = send("job", later.plusSeconds(1));

        assertThat(again.getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
        assertThat(again.getDecidedAt()).isEqualTo(later.plusSeconds(1));
        assertThat(again.getStart()).isNotEqualTo(first.getStart());
    }

    @Test
    void shouldKeepTheStoresBoundedWhileRequestsKeepComing() {
        int sent = 2_000;
        for (int i = 0; i < sent; i++) {
            send("job-" + i, T0.plusMillis(i * MINUTE));
        }
        KeyValueStore<String, Object> reservations = fixture.driver()
                .getKeyValueStore(ReservationPipeline.RESERVATIONS_STORE);
        KeyValueStore<String, Object> requests = fixture.driver().getKeyValueStore(ReservationPipeline.REQUESTS_STORE);

        // An hour's worth (60) is kept; the sweep keeps up with the writes, so far fewer than were sent are left.
        long kept = count(reservations);
        assertThat(kept).isBetween(60L, 60L + 2L * DecisionSweep.EVERY);
        assertThat(count(requests)).isEqualTo(kept);
        assertThat(reservations.get(ReservationStores.requestKey(new RequestRef("default", "alice", "job-0"))))
                .isNull();
        assertThat(reservations.get(ReservationStores.requestKey(
                new RequestRef("default", "alice", "job-" + (sent - 1))))).isNotNull();
    }

    private static long count(KeyValueStore<String, Object> store) {
        long n = 0;
        try (var all = store.all()) {
            while (all.hasNext()) {
                all.next();
                n++;
            }
        }
        return n;
    }
}
