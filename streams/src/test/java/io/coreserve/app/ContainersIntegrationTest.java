package io.coreserve.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.coreserve.catalogue.DemoCatalogue;
import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.reservation.ReservationPipeline;
import io.coreserve.topology.EventSerdes;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.kafka.KafkaContainer;

/**
 * The round trip against the broker and registry images users run with Docker (the same images as
 * docker/compose.yaml). Skipped, not failed, where no Docker engine runs.
 */
@Tag("integration")
@Testcontainers(disabledWithoutDocker = true)
class ContainersIntegrationTest {

    @Container
    static final KafkaContainer KAFKA = new KafkaContainer("apache/kafka:4.3.1");

    @Container
    static final GenericContainer<?> REGISTRY = new GenericContainer<>("apicurio/apicurio-registry-mem:2.4.2.Final")
            .withExposedPorts(8080)
            .waitingFor(Wait.forHttp("/apis/ccompat/v7/subjects").forStatusCode(200));

    @TempDir
    Path temp;

    @Test
    void shouldDecideARequestThroughContainerisedBrokerAndRegistry() throws Exception {
        CoreserveConfig config = CoreserveConfig.of(Map.of(
                StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.getBootstrapServers(),
                CoreserveConfig.SCHEMA_REGISTRY_URL,
                "http://" + REGISTRY.getHost() + ":" + REGISTRY.getMappedPort(8080) + "/apis/ccompat/v7",
                StreamsConfig.STATE_DIR_CONFIG, temp.toString()));
        TopicAdmin.ensureTopics(config.bootstrapServers(), config.topics(), 1, (short) 1);
        EventProducer.sendResources(config, DemoCatalogue.generate(20, "default", 1L, Instant.now()));
        ReservationPipeline pipeline = ReservationPipeline.forConfig(config);
        try (CoreserveApp app = CoreserveApp.start(config, pipeline.handlers(), pipeline.stores(), Duration.ofMinutes(1))) {
            EventProducer.sendCommand(config, "default", ReservationCommand.newBuilder().setCommand(
                    CoAllocationRequest.newBuilder().setRequestId("tc-1").setUser("alice").setResourceCount(2)
                            .setDurationMillis(600_000).setSubmittedAt(Instant.now()).build()).build());

            Properties props = ClientSettings.consumer(config);
            props.put(ConsumerConfig.GROUP_ID_CONFIG, "containers-check");
            props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
            List<ReservationDecision> decisions = new ArrayList<>();
            try (var consumer = new KafkaConsumer<>(props, new StringDeserializer(),
                    new EventSerdes(config).decisions().deserializer())) {
                consumer.subscribe(List.of(config.topics().decisions()));
                await().atMost(Duration.ofSeconds(60)).until(() -> {
                    consumer.poll(Duration.ofMillis(200)).forEach(r -> decisions.add(r.value()));
                    return !decisions.isEmpty();
                });
            }
            assertThat(decisions.get(0).getRequestId()).isEqualTo("tc-1");
            assertThat(decisions.get(0).getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
        }
    }
}
