package io.coreserve.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.coreserve.cli.ReplayCommand;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.Resource;
import io.coreserve.serde.AvroDeserializer;
import io.coreserve.serde.InMemorySchemaRegistryClient;
import io.coreserve.testing.EmbeddedKafka;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code coreserve replay} of a tiny SWF trace into a real broker; the records are read back with their timestamps. */
@Tag("integration")
class ReplayIntegrationTest {

    static final String REGISTRY = "mock://replay-it";

    static final String SWF = """
            ; Version: 2.2
            ; UnixStartTime: 1027839845
            ; MaxNodes: 3
            ; MaxProcs: 6
                1     0  5  100  3 -1 -1  3  200 -1 1  7 1 -1 -1 1 -1 -1
                2    60  0   50 -1 -1 -1  4   -1 -1 1  8 1 -1 -1 1 -1 -1
                3   120  0   -1  2 -1 -1  2  300 -1 0  8 1 -1 -1 1 -1 -1
                4   3600 0   30  1 -1 -1  1  600 -1 1  9 1 -1 -1 1 -1 -1
            """;

    @TempDir
    static Path temp;

    static EmbeddedKafka kafka;

    @BeforeAll
    static void startBroker() throws Exception {
        kafka = EmbeddedKafka.start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        InMemorySchemaRegistryClient.dropScope("replay-it");
        if (kafka != null) {
            kafka.close();
        }
    }

    @Test
    void shouldReplayAnSwfTraceWithTheTracesTimestampsAsRecordTimestamps() throws Exception {
        Path file = Files.writeString(temp.resolve("tiny.swf"), SWF);

        String out = run("--swf", file.toString(), "--bootstrap", kafka.bootstrapServers(), "--registry", REGISTRY,
                "--domain", "hpc2n", "--window", "2h", "--no-catalogue-wait"); // no pipeline runs here

        assertThat(out).contains("Sent 6 records").contains("coreserve.resources").contains("coreserve.requests")
                .contains("unknown run time");

        List<ConsumerRecord<String, byte[]>> resources = readAll("coreserve.resources", 3);
        AvroDeserializer<Resource> resourceReader = new AvroDeserializer<>(Resource.class);
        resourceReader.configure(Map.of("schema.registry.url", REGISTRY), false);
        assertThat(resources).allSatisfy(r -> {
            // Keyed by domain and resource id (compaction keeps every node), routed by the domain.
            assertThat(io.coreserve.routing.DomainKey.domainOf(r.key())).isEqualTo("hpc2n");
            assertThat(io.coreserve.routing.DomainKey.idOf(r.key())).startsWith("swf-node-");
            assertThat(r.timestamp()).isEqualTo(1_027_839_845_000L);
            assertThat(r.timestampType()).isEqualTo(TimestampType.CREATE_TIME);
        });
        assertThat(resources).extracting(r -> resourceReader.deserialize(r.topic(), r.value()).getProperties().get("cores"))
                .containsExactlyInAnyOrder(2.0, 2.0, 2.0);

        List<ConsumerRecord<String, byte[]>> requests = readAll("coreserve.requests", 3);
        AvroDeserializer<ReservationCommand> commandReader = new AvroDeserializer<>(ReservationCommand.class);
        commandReader.configure(Map.of("schema.registry.url", REGISTRY), false);
        assertThat(requests).extracting(ConsumerRecord::timestamp)
                .containsExactly(1_027_839_845_000L, 1_027_839_905_000L, 1_027_843_445_000L);
        List<CoAllocationRequest> decoded = requests.stream()
                .map(r -> (CoAllocationRequest) commandReader.deserialize(r.topic(), r.value()).getCommand()).toList();
        assertThat(decoded).extracting(CoAllocationRequest::getRequestId).containsExactly("swf-1", "swf-2", "swf-4");
        assertThat(decoded.get(1).getResourceCount()).isEqualTo(2);
        assertThat(decoded.get(1).getLatestStart()).isEqualTo(Instant.ofEpochSecond(1_027_839_905L).plus(Duration.ofHours(2)));
        assertThat(decoded).allSatisfy(r -> assertThat(r.getDomain()).isEqualTo("hpc2n"));
        // The domain's resources and requests share a partition, so one task holds them all.
        assertThat(resources).extracting(ConsumerRecord::partition).containsOnly(requests.get(0).partition());
    }

    static String run(String... args) {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            int exit = new CommandLine(new ReplayCommand()).execute(args);
            assertThat(exit).as("exit code of replay %s", List.of(args)).isZero();
        } finally {
            System.setOut(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    /** Everything on the topic (all partitions, in offset order per partition), waiting until {@code expected} are there. */
    static List<ConsumerRecord<String, byte[]>> readAll(String topic, int expected) {
        Map<String, Object> settings = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "replay-it-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(settings, new StringDeserializer(),
                new ByteArrayDeserializer())) {
            consumer.subscribe(List.of(topic));
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
                return records.size() >= expected;
            });
        }
        return records;
    }
}
