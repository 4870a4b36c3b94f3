package io.coreserve.pipeline;

import static org.awaitility.Awaitility.await;

import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.ReservationDecision;
import io.coreserve.topology.EventSerdes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/** Reads the decisions topic from the beginning with read_committed, as a user of the pipeline would. */
final class DecisionsCollector implements AutoCloseable {

    private final KafkaConsumer<String, ReservationDecision> consumer;
    private final List<ReservationDecision> decisions = new ArrayList<>();

    DecisionsCollector(CoreserveConfig config) {
        this(config, Map.of());
    }

    /** With consumer settings of its own, e.g. a short {@code fetch.max.wait.ms} for a reader that times decisions. */
    DecisionsCollector(CoreserveConfig config, Map<String, String> consumerSettings) {
        Properties props = ClientSettings.consumer(config);
        props.putAll(consumerSettings);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        consumer = new KafkaConsumer<>(props, new StringDeserializer(),
                new EventSerdes(config).decisions().deserializer());
        String topic = config.topics().decisions();
        List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                .map(p -> new TopicPartition(topic, p.partition())).toList();
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
    }

    /** Polls once for up to {@code wait}; returns how many decisions have been read in all. */
    int poll(Duration wait) {
        consumer.poll(wait).forEach(r -> decisions.add(r.value()));
        return decisions.size();
    }

    /** Polls once for up to {@code wait}; returns the decisions this poll read. */
    List<ReservationDecision> pollNew(Duration wait) {
        int before = decisions.size();
        poll(wait);
        return List.copyOf(decisions.subList(before, decisions.size()));
    }

    /** Polls until at least {@code count} decisions have been read. */
    List<ReservationDecision> awaitAtLeast(int count, Duration timeout) {
        await().atMost(timeout).pollInterval(Duration.ofMillis(10))
                .until(() -> poll(Duration.ofMillis(500)) >= count);
        return List.copyOf(decisions);
    }

    /** Polls until nothing new arrives for {@code quiet}, so that extra (duplicate) decisions would be seen. */
    List<ReservationDecision> drain(Duration quiet) {
        while (true) {
            int before = decisions.size();
            poll(quiet);
            if (decisions.size() == before) {
                return List.copyOf(decisions);
            }
        }
    }

    static Map<String, List<ReservationDecision>> byRequest(Collection<ReservationDecision> decisions) {
        return decisions.stream().collect(Collectors.groupingBy(ReservationDecision::getRequestId, LinkedHashMap::new,
                Collectors.toList()));
    }

    @Override
    public void close() {
        consumer.close();
    }
}
