package io.coreserve.bench;

import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Everything committed on a topic right now: a read_committed consumer without a group reads every partition
 * from the beginning up to its end offset (the last stable offset, for read_committed). Records that cannot be
 * decoded (e.g. garbage the pipeline dead-lettered) and tombstones are skipped and counted, never fatal.
 */
public final class TopicSnapshot {

    private TopicSnapshot() {
    }

    /** The decodable records of a topic, and how many were skipped as undecodable. */
    public record Snapshot<V>(List<ConsumerRecord<String, V>> records, long undecodable) {
        public List<V> values() {
            return records.stream().map(ConsumerRecord::value).toList();
        }
    }

    public static <V> Snapshot<V> read(CoreserveConfig config, String topic, Deserializer<V> values,
            Duration timeout) {
        SkippingDeserializer<V> lenient = new SkippingDeserializer<>(values);
        Properties props = ClientSettings.consumer(config);
        props.remove(ConsumerConfig.GROUP_ID_CONFIG);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "2000");
        List<ConsumerRecord<String, V>> result = new ArrayList<>();
        try (KafkaConsumer<String, V> consumer = new KafkaConsumer<>(props,
                new SkippingDeserializer<>(new StringDeserializer()), lenient)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, timeout).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, timeout);
            long deadline = System.nanoTime() + timeout.toNanos();
            while (partitions.stream().anyMatch(p -> consumer.position(p, timeout) < end.get(p))) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("could not read " + topic + " to " + end + " within " + timeout
                            + "; positions " + partitions.stream().collect(Collectors.toMap(p -> p,
                                    p -> consumer.position(p))));
                }
                for (ConsumerRecord<String, V> r : consumer.poll(Duration.ofMillis(200))) {
                    if (r.value() != null) {
                        result.add(r);
                    }
                }
            }
        }
        return new Snapshot<>(result, lenient.skipped());
    }

    public static <V> List<V> values(CoreserveConfig config, String topic, Deserializer<V> values, Duration timeout) {
        return read(config, topic, values, timeout).values();
    }
}
