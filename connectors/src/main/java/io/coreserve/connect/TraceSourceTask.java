package io.coreserve.connect;

import io.coreserve.serde.AvroSerializer;
import io.coreserve.trace.events.EventStream;
import io.coreserve.trace.events.MappingOptions;
import io.coreserve.trace.events.TraceEvent;
import io.coreserve.trace.events.TraceEventStream;
import io.coreserve.trace.events.TraceReport;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.source.SourceRecord;
import org.apache.kafka.connect.source.SourceTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replays its traces one after the other (see {@link TraceSourceConnector}). For each trace it reads the committed
 * offset, re-reads the trace and skips to the event after it.
 */
public class TraceSourceTask extends SourceTask {

    private static final Logger LOG = LoggerFactory.getLogger(TraceSourceTask.class);

    static final String OFFSET_INDEX = "index";
    static final String OFFSET_LINE = "line";

    private static final long IDLE_MILLIS = 1_000;
    private static final long MAX_PACING_WAIT_NANOS = 500_000_000L;

    private final CountDownLatch stopped = new CountDownLatch(1);
    private final Deque<TraceRef> pending = new ArrayDeque<>();
    private final Map<EventStream, String> topics = new EnumMap<>(EventStream.class);
    private MappingOptions options;
    private AvroSerializer<SpecificRecord> serializer;
    private int batchSize;
    private double speed;

    private TraceRef current;
    private TraceEventStream events;
    private TraceEvent lookahead;
    private long originEventMillis = Long.MIN_VALUE;
    private long originNanos;

    @Override
    public String version() {
        return Version.get();
    }

    @Override
    public void start(Map<String, String> props) {
        TraceSourceConfig config = new TraceSourceConfig(props);
        options = config.mappingOptions();
        batchSize = config.getInt(TraceSourceConfig.BATCH_SIZE);
        speed = config.getDouble(TraceSourceConfig.SPEED);
        topics.put(EventStream.RESOURCES, config.getString(TraceSourceConfig.TOPIC_RESOURCES));
        topics.put(EventStream.SAMPLES, config.getString(TraceSourceConfig.TOPIC_SAMPLES));
        topics.put(EventStream.REQUESTS, config.getString(TraceSourceConfig.TOPIC_REQUESTS));
        serializer = new AvroSerializer<>();
        serializer.configure(config.serdeSettings(), false);
        for (TraceRef ref : TraceRef.decodeAll(props.getOrDefault(TraceSourceConnector.TASK_TRACES, ""))) {
            boolean present = ref.format() == TraceEventStream.Format.SWF ? Files.isRegularFile(ref.path())
                    : Files.isDirectory(ref.path());
            if (!present) {
                throw new ConnectException("Trace " + ref.path() + " (" + ref.format() + ") is not there on this worker");
            }
            pending.add(ref);
        }
        LOG.info("Replaying {} trace(s): {}", pending.size(), pending);
    }

    @Override
    public List<SourceRecord> poll() throws InterruptedException {
        while (stopped.getCount() > 0) {
            if (events == null && !openNext()) {
                stopped.await(IDLE_MILLIS, TimeUnit.MILLISECONDS); // everything replayed: idle
                return null;
            }
            List<SourceRecord> batch = new ArrayList<>(Math.min(batchSize, 1024));
            TraceEvent next;
            while (batch.size() < batchSize && (next = peek()) != null) {
                long waitNanos = dueInNanos(next.timestamp());
                if (waitNanos > 0) {
                    if (!batch.isEmpty()) {
                        break; // hand over what is due now
                    }
                    stopped.await(Math.min(waitNanos, MAX_PACING_WAIT_NANOS), TimeUnit.NANOSECONDS);
                    if (stopped.getCount() == 0) {
                        return null;
                    }
                    continue;
                }
                batch.add(record(next));
                lookahead = null;
            }
            if (peek() == null) {
                finishCurrent();
            }
            if (!batch.isEmpty()) {
                return batch;
            }
        }
        return null;
    }

    /** The next event of the current trace without taking it (a one-event look-ahead for pacing), or null. */
    private TraceEvent peek() {
        if (lookahead == null && events.hasNext()) {
            lookahead = events.next();
        }
        return lookahead;
    }

    /** Nanoseconds until the event is due at the configured speed; 0 unpaced. The first event sets the origin. */
    private long dueInNanos(long eventMillis) {
        if (speed <= 0) {
            return 0;
        }
        if (originEventMillis == Long.MIN_VALUE) {
            originEventMillis = eventMillis;
            originNanos = System.nanoTime();
        }
        long due = originNanos + (long) ((eventMillis - originEventMillis) * 1_000_000.0 / speed);
        return due - System.nanoTime();
    }

    private boolean openNext() {
        while (!pending.isEmpty()) {
            TraceRef ref = pending.poll();
            Map<String, Object> offset = context.offsetStorageReader().offset(ref.sourcePartition());
            long resumeAt = offset == null ? 0 : ((Number) offset.get(OFFSET_INDEX)).longValue() + 1;
            TraceEventStream stream;
            try {
                stream = TraceEventStream.open(ref.format(), ref.path(), options);
            } catch (IOException | RuntimeException e) {
                throw new ConnectException("Cannot read trace " + ref.path() + ": " + e.getMessage(), e);
            }
            stream.skipTo(resumeAt);
            current = ref;
            events = stream;
            originEventMillis = Long.MIN_VALUE;
            if (!stream.hasNext()) {
                LOG.info("Trace {} was replayed completely before ({} events)", ref.path(), resumeAt);
                finishCurrent();
                continue;
            }
            LOG.info("Replaying {} from event {}", ref.path(), resumeAt);
            return true;
        }
        return false;
    }

    private SourceRecord record(TraceEvent event) {
        String topic = topics.get(event.stream());
        byte[] value = serializer.serialize(topic, event.value());
        return new SourceRecord(current.sourcePartition(), Map.of(OFFSET_INDEX, event.index(), OFFSET_LINE, event.line()),
                topic, null, Schema.STRING_SCHEMA, keyOf(event), Schema.BYTES_SCHEMA, value, event.timestamp());
    }

    /**
     * A resource is keyed by its domain and id, so that compaction of the resources topic keeps every resource; the
     * worker's producer must route it by domain ({@code producer.partitioner.class=io.coreserve.routing.DomainPartitioner}
     * on the worker, or {@code producer.override.partitioner.class} on the connector). Other events: their domain.
     */
    static String keyOf(TraceEvent event) {
        return event.value() instanceof io.coreserve.events.Resource r
                ? io.coreserve.routing.DomainKey.of(r.getDomain(), r.getId()) : event.key();
    }

    private void finishCurrent() {
        TraceReport report = events.report();
        LOG.info("Trace {} done: {} events mapped {} (including those skipped on resume), fallbacks {}, skipped {}{}",
                current.path(), report.totalEvents(),
                report.events(), report.fallbacks(), report.skipped(), report.notes().isEmpty() ? "" : ", " + report.notes());
        closeEvents();
    }

    private void closeEvents() {
        if (events != null) {
            try {
                events.close();
            } catch (IOException e) {
                LOG.warn("Closing trace {}: {}", current.path(), e.toString());
            }
        }
        events = null;
        current = null;
        lookahead = null;
    }

    @Override
    public void stop() {
        stopped.countDown();
        // Since Kafka 3.0 the worker calls stop() on the task thread once poll() has returned, so this is safe.
        closeEvents();
    }
}
