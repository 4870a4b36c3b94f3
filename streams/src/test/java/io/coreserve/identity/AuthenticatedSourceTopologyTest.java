package io.coreserve.identity;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.CancelRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.topology.EventSerdes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import javax.crypto.SecretKey;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a processor behind the requests source sees: the header the deserializer set (Kafka Streams hands the
 * record's own headers to the deserializer and then to the processors), so the pipeline can act on it.
 */
class AuthenticatedSourceTopologyTest {

    private static final String TOPIC = "coreserve.requests";

    @TempDir
    Path keysDir;

    @Test
    void shouldShowTheAuthErrorHeaderToTheProcessorsBehindTheSource() {
        SecretKey alice = SigningKeys.generate();
        SecretKey bob = SigningKeys.generate();
        new UserKeyDirectory(keysDir).put("alice", alice);
        new UserKeyDirectory(keysDir).put("bob", bob);
        EventSerdes serdes = new EventSerdes(CoreserveConfig.of(Map.of(
                CoreserveConfig.SCHEMA_REGISTRY_URL, "mock://identity-topology",
                AuthSettings.ENABLED, "true", AuthSettings.KEYS_DIR, keysDir.toString())));
        List<String> seen = new ArrayList<>();
        Topology topology = new Topology();
        topology.addSource("Requests", new StringDeserializer(), serdes.authenticatedCommands().deserializer(), TOPIC);
        topology.addProcessor("Look", () -> (Processor<String, ReservationCommand, Void, Void>) record ->
                seen.add(((CancelRequest) record.value().getCommand()).getUser() + " " + errorOf(record)), "Requests");
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "identity-topology");

        try (TopologyTestDriver driver = new TopologyTestDriver(topology, props)) {
            TestInputTopic<String, byte[]> input = driver.createInputTopic(TOPIC, new StringSerializer(),
                    new ByteArraySerializer());
            byte[] value = serdes.commands().serializer().serialize(TOPIC, ReservationCommand.newBuilder()
                    .setCommand(CancelRequest.newBuilder().setRequestId("r1").setUser("alice")
                            .setRequestedAt(Instant.EPOCH).build()).build());
            input.pipeInput(signed("alice", alice, value));
            input.pipeInput(signed("bob", bob, value));
        }

        assertThat(seen).containsExactly("alice null", "alice signed by 'bob' but claims to be from user 'alice'");
    }

    private static TestRecord<String, byte[]> signed(String signer, SecretKey key, byte[] value) {
        RecordHeaders headers = new RecordHeaders();
        CommandSignature.put(headers, signer, CommandSignature.sign(key, TOPIC, signer, value));
        return new TestRecord<>("default", value, headers, Instant.EPOCH);
    }

    private static String errorOf(Record<String, ReservationCommand> record) {
        Header header = record.headers().lastHeader(AuthenticatingCommandDeserializer.AUTH_ERROR_HEADER);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
