package io.coreserve.replay;

import io.coreserve.trace.events.TraceEvent;
import io.coreserve.trace.events.TraceEventStream;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Produces a trace's events onto the pipeline's topics, keyed by domain, with the trace's own time as the record
 * timestamp (event time), paced by a {@link Pacing}. Stops at the first failed send; everything sent before it
 * is flushed and counted.
 */
public final class TraceReplayer {

    private static final Logger LOG = LoggerFactory.getLogger(TraceReplayer.class);

    /** Told about progress now and then (every {@value #PROGRESS_EVERY} events and at the end). */
    @FunctionalInterface
    public interface ProgressListener {
        void progress(long sent, long eventMillis);

        ProgressListener NONE = (sent, eventMillis) -> { };
    }

    static final int PROGRESS_EVERY = 1_000;

    private final Producer<String, byte[]> producer;
    private final EventEncoder encoder;
    private final Pacing pacing;
    private final ProgressListener progress;

    public TraceReplayer(Producer<String, byte[]> producer, EventEncoder encoder, Pacing pacing, ProgressListener progress) {
        this.producer = producer;
        this.encoder = encoder;
        this.pacing = pacing;
        this.progress = progress;
    }

    public ReplaySummary replay(TraceEventStream events) throws InterruptedException {
        Map<String, LongAdder> acknowledged = new LinkedHashMap<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        long started = System.nanoTime();
        long sent = 0;
        long lastEventMillis = 0;
        while (events.hasNext() && failure.get() == null) {
            TraceEvent event = events.next();
            pacing.awaitDue(event.timestamp());
            String topic = encoder.topic(event.stream());
            LongAdder counter = acknowledged.computeIfAbsent(topic, t -> new LongAdder());
            String key = encoder.key(event);
            producer.send(new ProducerRecord<>(topic, partitionOf(topic, key), event.timestamp(), key,
                            encoder.value(event)),
                    (metadata, exception) -> {
                        if (exception == null) {
                            counter.increment();
                        } else if (failure.compareAndSet(null, exception)) {
                            LOG.error("Sending event {} to {} failed; stopping the replay", event.index(), topic, exception);
                        }
                    });
            sent++;
            lastEventMillis = event.timestamp();
            if (sent % PROGRESS_EVERY == 0) {
                progress.progress(sent, lastEventMillis);
            }
        }
        producer.flush();
        Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
        progress.progress(sent, lastEventMillis);
        Map<String, Long> counts = new LinkedHashMap<>();
        acknowledged.forEach((topic, n) -> counts.put(topic, n.sum()));
        return new ReplaySummary(counts, events.report(), elapsed, failure.get());
    }

    private final Map<String, Integer> partitionCounts = new java.util.HashMap<>();

    /**
     * The partition of a record by the domain part of its key ({@link io.coreserve.routing.DomainPartitioner}), so
     * that a resource keyed by domain and id lands with its domain's requests and samples whatever partitioner the
     * producer was configured with; null (the producer decides) when the topic's partitions are not known.
     */
    private Integer partitionOf(String topic, String key) {
        int partitions = partitionCounts.computeIfAbsent(topic, t -> producer.partitionsFor(t).size());
        return key == null || partitions == 0 ? null : io.coreserve.routing.DomainPartitioner.partition(
                key.getBytes(java.nio.charset.StandardCharsets.UTF_8), partitions);
    }
}
