package io.coreserve.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the broker from the classpath that the {@code broker/} module copies, twice on the same data directory. */
@Tag("integration")
class KafkaBrokerProcessTest {

    private static final String TOPIC = "reservation-requests";

    @Test
    void shouldKeepTopicsAndRecordsAcrossARestart(@TempDir Path dataDir) throws Exception {
        KafkaBrokerProcess first;
        try (KafkaBrokerProcess broker = KafkaBrokerProcess.start(dataDir)) {
            first = broker;
            try (Admin admin = admin(broker)) {
                admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1))).all().get();
                ConfigResource node = new ConfigResource(ConfigResource.Type.BROKER, "1");
                Config settings = admin.describeConfigs(List.of(node)).all().get().get(node);
                assertThat(settings.get("log.cleaner.dedupe.buffer.size").value())
                        .as("the cleaner's dedupe map, a heap array held for good, as configured")
                        .isEqualTo(String.valueOf(KafkaBrokerProcess.DEDUPE_BUFFER_BYTES));
                assertThat(settings.get("add.partitions.to.txn.retry.backoff.max.ms").value())
                        .as("the broker's own retries of a transaction's first write, up to 1 s of wall time")
                        .isEqualTo(String.valueOf(KafkaBrokerProcess.TXN_RETRY_MAX_MS));
                assertThat(settings.get("add.partitions.to.txn.retry.backoff.ms").value())
                        .isEqualTo(String.valueOf(KafkaBrokerProcess.TXN_RETRY_BACKOFF_MS));
            }
            assertThat(ProcessHandle.of(broker.pid()).orElseThrow().info().arguments().orElseThrow())
                    .as("the broker's JVM, without class unloading in G1's remark pause")
                    .contains("-XX:-ClassUnloadingWithConcurrentMark");
            try (KafkaProducer<String, String> producer = producer(broker)) {
                producer.send(new ProducerRecord<>(TOPIC, "r-1", "4 nodes at 10:00")).get();
            }
            assertThat(readAll(broker, TOPIC)).extracting(ConsumerRecord::value).containsExactly("4 nodes at 10:00");
        }
        assertThat(first.isAlive()).isFalse();
        assertThat(ProcessHandle.of(first.pid()).filter(ProcessHandle::isAlive)).isEmpty();

        try (KafkaBrokerProcess broker = KafkaBrokerProcess.start(dataDir)) {
            assertThat(broker.bootstrapServers()).as("client port kept").isEqualTo(first.bootstrapServers());
            assertThat(broker.clusterId()).isEqualTo(first.clusterId());
            try (Admin admin = admin(broker)) {
                assertThat(admin.listTopics().names().get()).contains(TOPIC);
            }
            assertThat(readAll(broker, TOPIC)).extracting(ConsumerRecord::key, ConsumerRecord::value)
                    .containsExactly(tuple("r-1", "4 nodes at 10:00"));

            assertThatThrownBy(() -> KafkaBrokerProcess.start(dataDir))
                    .as("a second broker on the same data directory")
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("already running");
            assertThat(broker.isAlive()).isTrue();
        }
    }

    /**
     * The broker's cleaner, with its dedupe map smaller than Kafka's default, still compacts: given three versions of
     * each of 20,000 keys, each version stamped a segment later than the one before so that the broker rolls a segment
     * between them, then one record later still, when the cleaner has run only the newest version of each key is left.
     */
    @Test
    void shouldCompactWithItsOwnCleanerSettings(@TempDir Path dataDir) throws Exception {
        String topic = "compacted";
        long segmentMillis = 60_000;
        int keys = 20_000;
        try (KafkaBrokerProcess broker = KafkaBrokerProcess.start(dataDir)) {
            try (Admin admin = admin(broker)) {
                admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1).configs(Map.of(
                        TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT,
                        TopicConfig.SEGMENT_MS_CONFIG, Long.toString(segmentMillis),
                        TopicConfig.MIN_CLEANABLE_DIRTY_RATIO_CONFIG, "0.001",
                        TopicConfig.MIN_COMPACTION_LAG_MS_CONFIG, "0")))).all().get();
            }
            long now = System.currentTimeMillis();
            try (KafkaProducer<String, String> producer = producer(broker)) {
                for (int version = 1; version <= 3; version++) {
                    long stamp = now + (version - 1) * (segmentMillis + 1_000);
                    for (int key = 0; key < keys; key++) {
                        producer.send(new ProducerRecord<>(topic, 0, stamp, "k-" + key, "v" + version));
                    }
                    producer.flush();
                }
                producer.send(new ProducerRecord<>(topic, 0, now + 3 * (segmentMillis + 1_000), "last", "v1")).get();
            }

            Map<String, String> latest = new HashMap<>();
            List<ConsumerRecord<String, String>> left = new ArrayList<>();
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofSeconds(2)).until(() -> {
                left.clear();
                left.addAll(readAll(broker, topic));
                return left.size() == keys + 1;
            });
            left.forEach(r -> latest.put(r.key(), r.value()));
            assertThat(latest).hasSize(keys + 1);
            assertThat(latest.values()).as("only the newest version of each key").containsOnly("v3", "v1");
            assertThat(latest).containsEntry("k-0", "v3").containsEntry("k-" + (keys - 1), "v3");
        }
    }

    private static Admin admin(KafkaBrokerProcess broker) {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()));
    }

    private static KafkaProducer<String, String> producer(KafkaBrokerProcess broker) {
        return new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                ProducerConfig.ACKS_CONFIG, "all"),
                new StringSerializer(), new StringSerializer());
    }

    /** Reads partition 0 of a topic from the beginning to its end, which must hold a record. */
    private static List<ConsumerRecord<String, String>> readAll(KafkaBrokerProcess broker, String topic) {
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        TopicPartition partition = new TopicPartition(topic, 0);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "10000"),
                new StringDeserializer(), new StringDeserializer())) {
            consumer.assign(Set.of(partition));
            consumer.seekToBeginning(Set.of(partition));
            long end = consumer.endOffsets(Set.of(partition)).get(partition);
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
                assertThat(records).isNotEmpty();
                assertThat(consumer.position(partition)).isGreaterThanOrEqualTo(end);
            });
        }
        return records;
    }
}
