package io.coreserve.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.coreserve.app.CoreserveApp;
import io.coreserve.app.EventProducer;
import io.coreserve.catalogue.DemoCatalogue;
import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Settings;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.reservation.ReservationPipeline;
import io.coreserve.topology.EventSerdes;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Decisions older than the history retention are pruned on the real broker, and stay pruned through a restart:
 * Given requests stamped over five hours of event time and a retention of one hour, When they are decided, Then the
 * decisions store holds about an hour's worth of them, and an instance that restores the store from its changelog
 * (a fresh state directory, as after a crash under exactly-once) holds exactly the same keys.
 */
@Tag("integration")
class DecisionRetentionRestartTest {

    private static final int REQUESTS = 1_500;
    private static final long SPACING_MS = 12_000L;

    @TempDir
    static Path temp;

    private static PipelineStack stack;

    @BeforeAll
    static void start() throws Exception {
        stack = PipelineStack.start(temp);
    }

    @AfterAll
    static void stop() throws Exception {
        if (stack != null) {
            stack.close();
        }
    }

    private static CoreserveConfig config(String stateDir) throws Exception {
        return stack.config("retention", temp.resolve(stateDir), 1, Map.of(Settings.HISTORY_RETENTION, "PT1H",
                Settings.OFFERS_ENABLED, "false"));
    }

    @Test
    void shouldKeepOnlyTheRetentionsDecisionsAlsoAfterRestoringTheStore() throws Exception {
        CoreserveConfig config = config("first");
        Instant t0 = Instant.now();
        EventProducer.sendResources(config, DemoCatalogue.generate(20, Workload.DOMAIN, 1L, t0));
        List<CoAllocationRequest> requests = new java.util.ArrayList<>();
        for (int i = 0; i < REQUESTS; i++) {
            requests.add(oneMinute("kept-" + i, t0.plusMillis(i * SPACING_MS)));
        }

        java.util.Set<String> first;
        try (CoreserveApp app = CoreserveApp.start(config, ReservationPipeline.forConfig(config),
                Duration.ofMinutes(2))) {
            send(config, requests, t0);
            ReadOnlyKeyValueStore<String, ReservationDecision> store = decisionsOf(app);
            // Every request decided: the last one's decision is there.
            await().atMost(Duration.ofMinutes(3)).until(() -> decisionOf(store, requests.get(REQUESTS - 1)) != null);
            first = keys(store);
            // Each settles a minute after it is sent: an hour of five is kept (300), with the sweep's slack (what
            // was recorded since its last walk, and what that walk had not reached yet: two walks' worth).
            assertThat(first.size()).isBetween(REQUESTS / 5 - 5, REQUESTS / 5 + 2 * 512);
        }

        CoreserveConfig restored = config("restored");
        try (CoreserveApp app = CoreserveApp.start(restored, ReservationPipeline.forConfig(restored),
                Duration.ofMinutes(2))) {
            ReadOnlyKeyValueStore<String, ReservationDecision> store = decisionsOf(app);
            await().atMost(Duration.ofMinutes(2)).until(() -> decisionOf(store, requests.get(REQUESTS - 1)) != null);
            assertThat(keys(store)).isEqualTo(first);
        }
    }

    /** A core of one node for a minute, starting when it is sent. */
    private static CoAllocationRequest oneMinute(String id, Instant at) {
        return CoAllocationRequest.newBuilder().setRequestId(id).setUser("alice").setEmail(null)
                .setDurationMillis(60_000L).setResourceCount(1).setEarliestStart(at).setLatestStart(at)
                .setMinimums(Map.of("cores", 1.0)).setTotals(Map.of()).setRequirements(Map.of()).setSubmittedAt(at)
                .build();
    }

    /** Each request stamped {@link #SPACING_MS} after the one before: five hours of event time. */
    private static void send(CoreserveConfig config, List<CoAllocationRequest> requests, Instant t0) {
        Properties props = ClientSettings.producer(config);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<String, ReservationCommand> producer = new KafkaProducer<>(props, new StringSerializer(),
                new EventSerdes(config).commands().serializer())) {
            for (int i = 0; i < requests.size(); i++) {
                producer.send(new ProducerRecord<>(config.topics().requests(), null,
                        t0.toEpochMilli() + i * SPACING_MS, Workload.DOMAIN, Workload.command(requests.get(i))));
            }
            producer.flush();
        }
    }

    private static ReadOnlyKeyValueStore<String, ReservationDecision> decisionsOf(CoreserveApp app) {
        return app.runner().streams().store(StoreQueryParameters.fromNameAndType(
                ReservationPipeline.RESERVATIONS_STORE, QueryableStoreTypes.keyValueStore()));
    }

    private static ReservationDecision decisionOf(ReadOnlyKeyValueStore<String, ReservationDecision> store,
            CoAllocationRequest request) {
        try (var all = store.all()) {
            while (all.hasNext()) {
                ReservationDecision d = all.next().value;
                if (d.getRequestId().equals(request.getRequestId())) {
                    return d;
                }
            }
        }
        return null;
    }

    private static java.util.Set<String> keys(ReadOnlyKeyValueStore<String, ReservationDecision> store) {
        java.util.Set<String> keys = new java.util.TreeSet<>();
        try (var all = store.all()) {
            all.forEachRemaining(kv -> keys.add(kv.key));
        }
        return keys;
    }
}
