package io.coreserve.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.Resource;
import io.coreserve.serde.InMemorySchemaRegistryClient;
import io.coreserve.topology.EventSerdes;
import io.coreserve.trace.events.MappingOptions;
import io.coreserve.trace.events.TraceEventStream;
import io.coreserve.trace.planetlab.NodeTrace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The same trace, replayed twice into fresh registries, gives the same records, byte for byte. */
class ReplayDeterminismTest {

    static final String SWF = """
            ; UnixStartTime: 1027839845
            ; MaxNodes: 8
            ; MaxProcs: 16
                1     0  5  100  3 -1 -1  3  200 -1 1  7 1 -1 -1 1 -1 -1
                2    60  0   50 -1 -1 -1  8   -1 -1 1  7 1 -1 -1 1 -1 -1
                3   120  0   -1  2 -1 -1  2  300 -1 0  8 1 -1 -1 1 -1 -1
                4   180  0   30  4 -1 -1 -1  600 -1 1 -1 1 -1 -1 1 -1 -1
                5   181  0   30 16 -1 -1 16 3600 -1 1  9 1 -1 -1 1 -1 -1
            """;

    @TempDir
    Path temp;

    @AfterEach
    void dropScopes() {
        InMemorySchemaRegistryClient.dropScope("determinism-1");
        InMemorySchemaRegistryClient.dropScope("determinism-2");
    }

    static List<ProducerRecord<String, byte[]>> replay(TraceEventStream.Format format, Path path, String scope)
            throws Exception {
        CoreserveConfig config = CoreserveConfig.of(Map.of(CoreserveConfig.SCHEMA_REGISTRY_URL, "mock://" + scope));
        MockProducer<String, byte[]> producer = new MockProducer<>(true, null, new StringSerializer(),
                new ByteArraySerializer());
        EventEncoder encoder = new EventEncoder(config.topics(), new EventSerdes(config));
        try (TraceEventStream events = TraceEventStream.open(format, path, MappingOptions.defaults().withDomain("d"))) {
            ReplaySummary summary = new TraceReplayer(producer, encoder, Pacing.asFastAsPossible(),
                    TraceReplayer.ProgressListener.NONE).replay(events);
            assertThat(summary.succeeded()).isTrue();
            assertThat(summary.sent()).isEqualTo(producer.history().size());
        }
        return producer.history();
    }

    static void assertSameRecords(List<ProducerRecord<String, byte[]>> first, List<ProducerRecord<String, byte[]>> second) {
        assertThat(second).hasSameSizeAs(first);
        for (int i = 0; i < first.size(); i++) {
            ProducerRecord<String, byte[]> a = first.get(i);
            ProducerRecord<String, byte[]> b = second.get(i);
            assertThat(b.topic()).as("topic of record %d", i).isEqualTo(a.topic());
            assertThat(b.key()).as("key of record %d", i).isEqualTo(a.key());
            assertThat(b.timestamp()).as("timestamp of record %d", i).isEqualTo(a.timestamp());
            assertThat(b.value()).as("value bytes of record %d", i).isEqualTo(a.value());
        }
    }

    @Test
    void shouldProduceIdenticalRecordsForTheSameSwfTraceTwice() throws Exception {
        Path file = Files.writeString(temp.resolve("trace.swf"), SWF);

        List<ProducerRecord<String, byte[]>> first = replay(TraceEventStream.Format.SWF, file, "determinism-1");
        List<ProducerRecord<String, byte[]>> second = replay(TraceEventStream.Format.SWF, file, "determinism-2");

        assertThat(first).hasSize(8 + 4);
        assertThat(first.subList(0, 8)).allSatisfy(r -> assertThat(r.topic()).isEqualTo("coreserve.resources"));
        assertThat(first.subList(8, 12)).allSatisfy(r -> assertThat(r.topic()).isEqualTo("coreserve.requests"));
        assertThat(first.get(8).timestamp()).isEqualTo(1_027_839_845_000L);
        assertThat(first.get(9).timestamp()).isEqualTo(1_027_839_905_000L);
        assertSameRecords(first, second);
    }

    @Test
    void shouldProduceIdenticalRecordsForTheSamePlanetLabDayTwice() throws Exception {
        Path day = Files.createDirectory(temp.resolve("20110303"));
        for (String node : List.of("node-b", "node a", "node-c")) {
            int base = node.hashCode() & 0x3f;
            Files.writeString(day.resolve(node), IntStream.range(0, NodeTrace.INTERVALS)
                    .mapToObj(i -> Integer.toString((base + i) % 101)).collect(Collectors.joining("\n", "", "\n")));
        }

        List<ProducerRecord<String, byte[]>> first = replay(TraceEventStream.Format.PLANETLAB, day, "determinism-1");
        List<ProducerRecord<String, byte[]>> second = replay(TraceEventStream.Format.PLANETLAB, day, "determinism-2");

        assertThat(first).hasSize(3 * (1 + NodeTrace.INTERVALS));
        assertThat(first.stream().filter(r -> r.topic().equals("coreserve.samples"))).hasSize(3 * NodeTrace.INTERVALS);
        assertSameRecords(first, second);
        assertThat(Arrays.equals(first.get(0).value(), first.get(1).value())).isFalse();
    }

    @Test
    void shouldWriteWhatThePipelineReads() throws Exception {
        Path file = Files.writeString(temp.resolve("trace.swf"), SWF);
        List<ProducerRecord<String, byte[]>> records = replay(TraceEventStream.Format.SWF, file, "determinism-1");

        CoreserveConfig config = CoreserveConfig.of(Map.of(CoreserveConfig.SCHEMA_REGISTRY_URL, "mock://determinism-1"));
        EventSerdes serdes = new EventSerdes(config);
        Resource resource = serdes.resources().deserializer().deserialize("coreserve.resources", records.get(0).value());
        assertThat(resource.getId()).isEqualTo("swf-node-0001");
        ReservationCommand command = serdes.commands().deserializer().deserialize("coreserve.requests",
                records.get(8).value());
        assertThat(command.getCommand()).hasFieldOrPropertyWithValue("requestId", "swf-1");
    }
}
