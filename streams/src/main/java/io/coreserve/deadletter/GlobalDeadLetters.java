package io.coreserve.deadletter;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Dead letters of the global thread (the virtual grids' catalogue store), written by a producer of their own.
 *
 * <p>Why: Kafka Streams 4.3 hands the dead letters an exception handler returns to the task's record collector, and
 * the global thread has none: its context cannot be cast to one, the ClassCastException kills the global thread and
 * with it the whole client (seen on dev: one unreadable record on {@code coreserve.vgrid-catalogue} stopped the
 * service, and the restart read it again). So the handlers write the dead letters of a global record here, and
 * hand none back. The global thread is told apart by its task id (-1_-1: {@code GlobalProcessorContextImpl}).
 *
 * <p>The producer is one per cluster and principal, made at the first such dead letter and kept for the JVM's life
 * (its network thread is a daemon); a global topic is written by the app alone, so it is rarely needed. A dead
 * letter that cannot be written (broker unreachable) is logged with the original's topic, partition and offset,
 * where the record still is, and the global thread goes on: stopping it would stop the service.
 */
final class GlobalDeadLetters {

    private static final Logger LOG = LoggerFactory.getLogger(GlobalDeadLetters.class);
    private static final long SEND_TIMEOUT_MS = 10_000;
    private static final Map<String, KafkaProducer<byte[], byte[]>> PRODUCERS = new ConcurrentHashMap<>();

    private GlobalDeadLetters() {
    }

    /** Whether the handler was called by the global thread, whose dead letters Kafka Streams cannot write. */
    private static boolean isGlobal(ErrorHandlerContext context) {
        return context.taskId() != null && context.taskId().subtopology() < 0;
    }

    /**
     * The dead letters a handler hands back to Kafka Streams: {@code deadLetter}, or none when the global thread
     * called (then it is written here first).
     */
    static List<ProducerRecord<byte[], byte[]>> handBack(Map<String, ?> configs,
            ProducerRecord<byte[], byte[]> deadLetter, ErrorHandlerContext context) {
        if (!isGlobal(context)) {
            return List.of(deadLetter);
        }
        send(configs, deadLetter, context);
        return List.of();
    }

    /** Writes {@code deadLetter} and waits for the broker's acknowledgement; logs and goes on when it cannot. */
    private static void send(Map<String, ?> configs, ProducerRecord<byte[], byte[]> deadLetter, ErrorHandlerContext context) {
        try {
            producer(configs).send(deadLetter).get(SEND_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            LOG.error("Could not write the dead letter of global record {}-{}@{} (it is still there): {}",
                    context.topic(), context.partition(), context.offset(), e.toString());
        }
    }

    private static KafkaProducer<byte[], byte[]> producer(Map<String, ?> configs) {
        Map<String, Object> settings = new HashMap<>();
        configs.forEach((key, value) -> {
            if (ProducerConfig.configNames().contains(key)) {
                settings.put(key, value);
            }
        });
        // The streams' own producer overrides (producer.*) apply to this one too, except what makes it theirs.
        configs.forEach((key, value) -> {
            if (key.startsWith(StreamsConfig.PRODUCER_PREFIX)) {
                settings.put(key.substring(StreamsConfig.PRODUCER_PREFIX.length()), value);
            }
        });
        settings.remove(ProducerConfig.TRANSACTIONAL_ID_CONFIG);
        settings.remove(ProducerConfig.INTERCEPTOR_CLASSES_CONFIG);
        settings.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        settings.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        settings.put(ProducerConfig.ACKS_CONFIG, "all");
        settings.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, SEND_TIMEOUT_MS);
        settings.put(ProducerConfig.CLIENT_ID_CONFIG, configs.get(StreamsConfig.APPLICATION_ID_CONFIG)
                + "-global-dead-letters");
        String key = settings.get(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG) + " " + settings.get("sasl.jaas.config");
        return PRODUCERS.computeIfAbsent(key, k -> new KafkaProducer<>(settings));
    }
}
