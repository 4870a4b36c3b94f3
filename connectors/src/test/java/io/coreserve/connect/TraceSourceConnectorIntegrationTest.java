package io.coreserve.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.serde.AvroDeserializer;
import io.coreserve.serde.InMemorySchemaRegistryClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.connect.converters.ByteArrayConverter;
import org.apache.kafka.connect.runtime.ConnectorConfig;
import org.apache.kafka.connect.storage.StringConverter;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The trace source on a real worker and broker: a small SWF file is replayed at a pace slow enough to stop the
 * connector and restart the worker in the middle, and the topic still holds every job exactly once.
 */
@Tag("integration")
class TraceSourceConnectorIntegrationTest {

    static final String CONNECTOR = "trace-source";
    static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();
    static final String REGISTRY = "mock://trace-source-it";
    static final String RESOURCES = "coreserve.resources";
    static final String REQUESTS = "coreserve.requests";
    static final String SAMPLES = "coreserve.samples";
    static final int JOBS = 120;
    static final int NODES = 4;
    static final long UNIX_START = 1_027_839_845L;

    @TempDir
    static Path temp;

    static EmbeddedConnectCluster connect;

    @BeforeAll
    static void startConnect() {
        connect = ConnectClusters.start("trace-source-it");
        // The trace's records carry their own (old) times: without retention.ms=-1 the broker's time-based retention
        // may delete them before the test reads them back (seen on a loaded machine: jobs 1 to 26 gone).
        Map<String, String> keepAll = Map.of("retention.ms", "-1");
        connect.kafka().createTopic(RESOURCES, 1, 1, Map.of("cleanup.policy", "compact"));
        connect.kafka().createTopic(REQUESTS, 1, 1, keepAll);
        connect.kafka().createTopic(SAMPLES, 1, 1, keepAll);
    }

    @AfterAll
    static void stopConnect() {
        InMemorySchemaRegistryClient.dropScope("trace-source-it");
        if (connect != null) {
            connect.stop();
        }
    }

    /** JOBS jobs a minute apart; job i asks for i % 7 + 1 processors on 4 nodes of 4 cores. */
    static Path writeTrace() throws Exception {
        String header = """
                ; Version: 2.2
                ; UnixStartTime: %d
                ; MaxNodes: %d
                ; MaxProcs: 16
                """.formatted(UNIX_START, NODES);
        String jobs = IntStream.rangeClosed(1, JOBS)
                .mapToObj(i -> "%d %d 0 100 %d -1 -1 %d 300 -1 1 %d 1 -1 -1 1 -1 -1".formatted(i, (i - 1) * 60, i % 7 + 1,
                        i % 7 + 1, i % 5))
                .collect(Collectors.joining("\n", "", "\n"));
        return Files.writeString(temp.resolve("seth part 1.swf"), header + jobs, StandardCharsets.ISO_8859_1);
    }

    @Test
    void shouldReplayEveryJobExactlyOnceAcrossAConnectorStopAndAWorkerRestart() throws Exception {
        Path trace = writeTrace();
        Map<String, String> config = new HashMap<>();
        config.put(ConnectorConfig.CONNECTOR_CLASS_CONFIG, TraceSourceConnector.class.getName());
        config.put(ConnectorConfig.TASKS_MAX_CONFIG, "1");
        config.put(ConnectorConfig.KEY_CONVERTER_CLASS_CONFIG, StringConverter.class.getName());
        config.put(ConnectorConfig.VALUE_CONVERTER_CLASS_CONFIG, ByteArrayConverter.class.getName());
        config.put(TraceSourceConfig.SWF_FILES, trace.toString());
        config.put(TraceSourceConfig.DOMAIN, "seth");
        config.put(TraceSourceConfig.SCHEMA_REGISTRY_URL, REGISTRY);
        // 60 s of trace between jobs at 600x: a job every 100 ms, so the replay takes about 12 s.
        config.put(TraceSourceConfig.SPEED, "600");
        config.put(TraceSourceConfig.BATCH_SIZE, "5");
        connect.configureConnector(CONNECTOR, config);
        ConnectClusters.awaitRunning(connect, CONNECTOR, 1);

        awaitAtLeast(REQUESTS, 25);
        connect.stopConnector(CONNECTOR);
        connect.assertions().assertConnectorIsStopped(CONNECTOR, "source did not stop");
        long atStop = endOffset(REQUESTS);
        assertThat(atStop).as("stopped in the middle of the trace").isBetween(25L, (long) JOBS - 1);

        connect.resumeConnector(CONNECTOR);
        ConnectClusters.awaitRunning(connect, CONNECTOR, 1);
        awaitAtLeast(REQUESTS, atStop + 25);
        connect.removeWorker();
        long atWorkerStop = endOffset(REQUESTS);
        assertThat(atWorkerStop).as("worker stopped in the middle of the trace").isLessThan(JOBS);
        connect.addWorker();
        ConnectClusters.awaitRunning(connect, CONNECTOR, 1);

        // Done when the committed offset is the last event: catalogue (4) + jobs (120), indexes 0..123.
        await().atMost(Duration.ofSeconds(45)).untilAsserted(() -> assertThat(committedIndex()).isEqualTo(NODES + JOBS - 1));

        List<ConsumerRecord<byte[], byte[]>> requests = readAll(REQUESTS);
        AvroDeserializer<ReservationCommand> reader = new AvroDeserializer<>(ReservationCommand.class);
        reader.configure(Map.of("schema.registry.url", REGISTRY), false);
        List<CoAllocationRequest> decoded = requests.stream()
                .map(r -> (CoAllocationRequest) reader.deserialize(REQUESTS, r.value()).getCommand()).toList();
        assertThat(decoded).extracting(CoAllocationRequest::getRequestId)
                .as("every job once, in trace order: no gaps, no duplicates")
                .containsExactlyElementsOf(IntStream.rangeClosed(1, JOBS).mapToObj(i -> "swf-" + i).toList());
        assertThat(requests).extracting(r -> new String(r.key(), StandardCharsets.UTF_8)).containsOnly("seth");
        assertThat(requests).extracting(ConsumerRecord::timestamp).as("the trace's submission times")
                .containsExactlyElementsOf(IntStream.range(0, JOBS).mapToObj(i -> (UNIX_START + 60L * i) * 1000).toList());
        assertThat(decoded.get(9).getTotals()).containsEntry("cores", 4.0); // job 10: 10 % 7 + 1 processors
        List<ConsumerRecord<byte[], byte[]>> resources = readAll(RESOURCES);
        assertThat(resources).hasSize(NODES);
        // Keyed by domain and id, so that compaction keeps every node; routed with the domain's requests.
        assertThat(resources).extracting(r -> new String(r.key(), StandardCharsets.UTF_8))
                .allMatch(k -> k.startsWith("seth" + io.coreserve.routing.DomainKey.SEPARATOR)).doesNotHaveDuplicates();
        assertThat(resources).extracting(ConsumerRecord::partition).containsOnly(requests.get(0).partition());
    }

    static void awaitAtLeast(String topic, long count) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                .until(() -> endOffset(topic) >= count);
    }

    static long endOffset(String topic) throws Exception {
        return readAll(topic).size();
    }

    static List<ConsumerRecord<byte[], byte[]>> readAll(String topic) throws Exception {
        List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
        connect.kafka().consumeAll(10_000, topic).forEach(records::add);
        return records;
    }

    /**
     * The last committed offset of the trace, read from the worker's offsets topic, which is what a restarted task
     * resumes from. (The REST offsets endpoint was seen answering a null offset for the partition after the worker
     * was replaced, while the topic held the right one.)
     */
    static long committedIndex() throws Exception {
        String offsetsTopic = connect.kafka().createAdminClient().listTopics().names().get().stream()
                .filter(t -> t.startsWith("connect-offset-topic")).findFirst().orElseThrow();
        long last = -1;
        for (ConsumerRecord<byte[], byte[]> r : connect.kafka().consumeAll(10_000, offsetsTopic)) {
            String key = r.key() == null ? "" : new String(r.key(), StandardCharsets.UTF_8);
            if (key.contains("\"" + CONNECTOR + "\"") && r.value() != null) {
                Map<?, ?> offset = JSON.readValue(r.value(), Map.class);
                last = ((Number) offset.get(TraceSourceTask.OFFSET_INDEX)).longValue();
            }
        }
        return last;
    }
}
