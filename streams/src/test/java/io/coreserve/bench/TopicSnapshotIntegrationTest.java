package io.coreserve.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.testing.EmbeddedKafka;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The benchmark reads whole topics (the catalogue, the decisions) that may hold records the pipeline dead-lettered:
 * on a real broker, an undecodable record among good ones is skipped and counted, never fatal.
 */
class TopicSnapshotIntegrationTest {

    private static EmbeddedKafka kafka;

    @BeforeAll
    static void startBroker() throws Exception {
        kafka = EmbeddedKafka.start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        kafka.close();
    }

    /** Decodes UTF-8 text, and fails as a schema-aware deserializer fails on garbage. */
    private static final Deserializer<String> STRICT = (topic, data) -> {
        String text = new String(data, StandardCharsets.UTF_8);
        if (text.startsWith("garbage")) {
            throw new org.apache.kafka.common.errors.SerializationException("unknown magic byte");
        }
        return text;
    };

    @Test
    void shouldSkipAndCountUndecodableRecordsInsteadOfFailing() throws Exception {
        String topic = "catalogue-with-garbage";
        Properties admin = new Properties();
        admin.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        try (Admin client = Admin.create(admin)) {
            client.createTopics(List.of(new NewTopic(topic, 2, (short) 1))).all().get();
        }
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(props, new StringSerializer(),
                new ByteArraySerializer())) {
            for (String value : new String[] {"node-1", "garbage \u0000\u0001", "node-2", "garbage again"}) {
                producer.send(new ProducerRecord<>(topic, value, value.getBytes(StandardCharsets.UTF_8))).get();
            }
            producer.send(new ProducerRecord<>(topic, "node-3", null)).get();              // a tombstone
        }
        CoreserveConfig config = CoreserveConfig.of(Map.of(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG,
                kafka.bootstrapServers()));

        TopicSnapshot.Snapshot<String> snapshot = TopicSnapshot.read(config, topic, STRICT, Duration.ofSeconds(30));

        assertThat(snapshot.values()).containsExactlyInAnyOrder("node-1", "node-2");
        assertThat(snapshot.undecodable()).isEqualTo(2);
    }
}
