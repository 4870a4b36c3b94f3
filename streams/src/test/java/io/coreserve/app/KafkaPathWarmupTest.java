package io.coreserve.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Settings;
import io.coreserve.local.BrokerSecurity;
import io.coreserve.local.KafkaBrokerProcess;
import io.coreserve.reservation.ReservationPipeline;
import io.coreserve.testing.EmbeddedKafka;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Kafka warm-up on a real broker: its requests are decided through its own pipeline and read back, nothing
 * reaches the real pipeline's topics, its local state is removed, and the app runs on.
 */
@Tag("integration")
class KafkaPathWarmupTest {

    @TempDir
    Path temp;

    @Test
    void warmUpRequestsGoThroughTheWarmupPipelineOnlyAndLeaveNoLocalState() throws Exception {
        try (EmbeddedKafka kafka = EmbeddedKafka.start()) {
            CoreserveConfig config = CoreserveConfig.of(Map.of(
                    StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                    CoreserveConfig.SCHEMA_REGISTRY_URL, "mock://kafka-warmup",
                    StreamsConfig.STATE_DIR_CONFIG, temp.toString(),
                    CoreserveConfig.PARTITIONS, "1",
                    CoreserveConfig.HTTP_PORT, "0",
                    Settings.KAFKA_WARMUP_REQUESTS, "40",
                    Settings.BOOKS_WARMUP_REQUESTS, "300"));
            TopicAdmin.ensureTopics(config.bootstrapServers(), config.topics(), 1, (short) 1);
            List<io.coreserve.events.Resource> catalogue = io.coreserve.catalogue.DemoCatalogue.generate(6, "default",
                    7L, java.time.Instant.now());
            io.coreserve.app.EventProducer.sendResources(config, catalogue);
            try (CoreserveApp app = CoreserveApp.start(config, ReservationPipeline.forConfig(config),
                    Duration.ofMinutes(1))) {
                KafkaPathWarmup warmup = app.kafkaWarmup();
                assertThat(warmup).isNotNull();
                assertThat(app.warmup()).isNull();
                assertThat(app.awaitWarmups(Duration.ofMinutes(2))).isTrue();
                assertThat(warmup.decided()).isEqualTo(40);
                // The books warm-up decided its requests on scratch books; the real ones have nothing booked.
                assertThat(app.booksWarmup().decided()).isEqualTo(300);
                assertThat(app.booksWarmup().accepted()).isPositive();
                for (io.coreserve.events.Resource r : catalogue) {
                    String timetable = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest
                                    .newBuilder(java.net.URI.create(app.http().url() + "/timetable?resource="
                                            + r.getId() + "&to=%2B3d")).build(),
                            java.net.http.HttpResponse.BodyHandlers.ofString()).body();
                    com.fasterxml.jackson.databind.JsonNode bookings = new com.fasterxml.jackson.databind.ObjectMapper().readTree(timetable)
                            .path("bookings");
                    assertThat(bookings.isArray()).as("%s: %s", r.getId(), timetable).isTrue();
                    assertThat(bookings).as(r.getId()).isEmpty();
                }
                String name = KafkaPathWarmup.name(config);
                assertThat(name).isEqualTo(config.require(StreamsConfig.APPLICATION_ID_CONFIG) + "-warmup");
                Map<String, Long> ends = endOffsets(kafka.bootstrapServers(),
                        List.of(name + "-requests", name + "-decisions", config.topics().requests(),
                                config.topics().decisions(), config.topics().notifications()));
                assertThat(ends.get(name + "-requests")).isGreaterThanOrEqualTo(40);
                assertThat(ends.get(name + "-decisions")).isGreaterThanOrEqualTo(40);
                assertThat(ends.get(config.topics().requests())).isZero();
                assertThat(ends.get(config.topics().decisions())).isZero();
                assertThat(ends.get(config.topics().notifications())).isZero();
                Path warmupState = temp.resolve(name);
                assertThat(!Files.exists(warmupState) || isEmpty(warmupState))
                        .as("the warm-up's local state is removed: %s", warmupState).isTrue();
                assertThat(app.runner().streams().state().isRunningOrRebalancing()).isTrue();
            }
        }
    }

    /**
     * As dev runs it: on the SASL/SCRAM broker with ACLs, the warm-up logs in and signs as the operator, whom only
     * {@link BrokerSecurity#allowOperatorWarmup} lets write its requests and read its decisions; another application
     * id's warm-up, whose topics have no such ACLs, decides nothing and ends with a warning, the app running on.
     */
    @Test
    void onASecuredBrokerTheWarmupActsAsTheOperatorWhereTheAclsLetIt() throws Exception {
        BrokerSecurity security = BrokerSecurity.forDataDir(temp);
        try (KafkaBrokerProcess broker = KafkaBrokerProcess.start(KafkaBrokerProcess.locateLib(), temp,
                Duration.ofSeconds(90), security)) {
            Map<String, String> settings = new HashMap<>(security.pipelineSettings());
            settings.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
            settings.put(CoreserveConfig.SCHEMA_REGISTRY_URL, "mock://kafka-warmup-secured");
            settings.put(StreamsConfig.STATE_DIR_CONFIG, temp.resolve("streams").toString());
            settings.put(CoreserveConfig.PARTITIONS, "1");
            settings.put(CoreserveConfig.HTTP_PORT, "0");
            settings.put(Settings.KAFKA_WARMUP_REQUESTS, "30");
            settings.put(Settings.KAFKA_WARMUP_CREDENTIALS, security.operatorCredentials().toString());
            CoreserveConfig config = CoreserveConfig.of(settings);
            TopicAdmin.ensureTopics(ClientSettings.admin(config), config.topics(), 1, (short) 1);
            security.provision(broker.bootstrapServers(), config.topics());
            security.allowOperatorWarmup(broker.bootstrapServers(), KafkaPathWarmup.requestsTopic(config),
                    KafkaPathWarmup.decisionsTopic(config));
            try (CoreserveApp app = CoreserveApp.start(config, ReservationPipeline.forConfig(config),
                    Duration.ofMinutes(2))) {
                assertThat(app.awaitWarmups(Duration.ofMinutes(2))).isTrue();
                assertThat(app.kafkaWarmup().decided()).isEqualTo(30);
            }
            CoreserveConfig other = config.with(StreamsConfig.APPLICATION_ID_CONFIG, "coreserve-other");
            try (CoreserveApp app = CoreserveApp.start(other, ReservationPipeline.forConfig(other),
                    Duration.ofMinutes(2))) {
                assertThat(app.awaitWarmups(Duration.ofMinutes(2))).isTrue();
                assertThat(app.kafkaWarmup().decided()).isZero();
                assertThat(app.runner().streams().state().isRunningOrRebalancing()).isTrue();
            }
        }
    }

    /** The end offset of every partition of {@code topics}, summed per topic. */
    private static Map<String, Long> endOffsets(String bootstrap, List<String> topics) throws Exception {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        try (Admin admin = Admin.create(props)) {
            Map<TopicPartition, OffsetSpec> request = admin.describeTopics(topics).allTopicNames().get().values()
                    .stream().flatMap(d -> d.partitions().stream().map(p -> new TopicPartition(d.name(), p.partition())))
                    .collect(Collectors.toMap(tp -> tp, tp -> OffsetSpec.latest()));
            return admin.listOffsets(request).all().get().entrySet().stream().collect(Collectors.groupingBy(
                    e -> e.getKey().topic(), Collectors.summingLong(e -> e.getValue().offset())));
        }
    }

    private static boolean isEmpty(Path dir) throws Exception {
        try (var entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        }
    }
}
