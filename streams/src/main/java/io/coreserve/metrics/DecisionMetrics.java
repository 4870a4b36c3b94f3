package io.coreserve.metrics;

import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.ReservationDecision;
import io.coreserve.topology.EventSerdes;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decisions as they become readable (read_committed, from the latest offsets, no consumer group), counted by status
 * and timed: {@code coreserve_decisions_total{status}}, {@code coreserve_decision_latency_seconds} (from the
 * request's record timestamp, which the decision inherits, to the committed decision being read here: what a user
 * waits) and {@code coreserve_engine_search_seconds} (the engine's own time, {@link EngineTime}: the window's search
 * and a counter-offer's closest-free searches).
 * Read from the topic rather than inside the pipeline so the pipeline's code stays as it is and only what was
 * committed is counted.
 */
final class DecisionMetrics implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DecisionMetrics.class);

    private final MeterRegistry registry;
    private final Deserializer<ReservationDecision> decisions;
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final Timer latency;
    private final Timer search;
    private final Thread thread;
    private volatile boolean running = true;
    /** The counter of each status, found once (registering again for every decision built a meter id each time). */
    private final Map<String, Counter> byStatus = new HashMap<>();

    DecisionMetrics(CoreserveConfig config, MeterRegistry registry) {
        this.registry = registry;
        this.decisions = new EventSerdes(config).decisions().deserializer();
        this.latency = Timer.builder("coreserve.decision.latency")
                .description("from the request's record timestamp to its committed decision being readable")
                .publishPercentileHistogram().minimumExpectedValue(Duration.ofMillis(1))
                .maximumExpectedValue(Duration.ofSeconds(30)).register(registry);
        this.search = Timer.builder("coreserve.engine.search")
                .description("the engine's time for one decision (all phases)")
                .publishPercentileHistogram().minimumExpectedValue(Duration.ofNanos(10_000))
                .maximumExpectedValue(Duration.ofSeconds(5)).register(registry);
        Properties props = ClientSettings.consumer(config);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.remove(ConsumerConfig.GROUP_ID_CONFIG);
        this.consumer = new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        String topic = config.topics().decisions();
        List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                .map(p -> new TopicPartition(topic, p.partition())).toList();
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position);
        this.thread = new Thread(this::run, "coreserve-decision-metrics");
        thread.setDaemon(true);
        thread.start();
    }

    private void run() {
        try {
            while (running) {
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(500))) {
                    record(r);
                }
            }
        } catch (WakeupException e) {
            // closing
        } finally {
            consumer.close();
        }
    }

    private void record(ConsumerRecord<byte[], byte[]> r) {
        ReservationDecision d;
        try {
            d = decisions.deserialize(r.topic(), r.headers(), r.value());
        } catch (RuntimeException e) {
            LOG.debug("Decision metrics skip an unreadable record at {}-{}@{}", r.topic(), r.partition(), r.offset(), e);
            return;
        }
        byStatus.computeIfAbsent(d.getStatus().name(), status -> Counter.builder("coreserve.decisions")
                .description("decisions written, by status").tag("status", status).register(registry)).increment();
        latency.record(Duration.ofMillis(Math.max(0, System.currentTimeMillis() - r.timestamp())));
        Long engine = EngineTime.nanos(d);
        if (engine != null) {
            search.record(Duration.ofNanos(engine));
        }
    }

    @Override
    public void close() {
        running = false;
        consumer.wakeup();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
