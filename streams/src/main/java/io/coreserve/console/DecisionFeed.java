package io.coreserve.console;

import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.Notification;
import io.coreserve.events.ReservationDecision;
import io.coreserve.topology.EventSerdes;
import io.javalin.http.sse.SseClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.streams.StreamsConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The console's live feed: one line per decision and notification, from where the topics ended in the second before
 * a page connected (no group, every partition assigned, so each instance and each restart sees only what comes
 * next), read_committed so an aborted transaction's decisions never show. Lines go to every connected page as
 * server-sent events.
 */
final class DecisionFeed implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DecisionFeed.class);

    /**
     * A comment line this often keeps a quiet event stream from being closed by the server's idle timeout
     * ({@code coreserve.http.idle-timeout}, 30 s by default).
     */
    private static final Duration HEARTBEAT = Duration.ofSeconds(10);
    private static final Duration END_LOOKUP_TIMEOUT = Duration.ofSeconds(5);

    private final String decisionsTopic;
    private final Deserializer<ReservationDecision> decisions;
    private final Deserializer<Notification> notifications;
    private final KafkaConsumer<String, byte[]> consumer;
    private final List<SseClient> clients = new CopyOnWriteArrayList<>();
    private final Thread thread;
    private volatile boolean running = true;
    /** Released when a page connects, so that a paused feed resumes at once. */
    private final Semaphore pageArrived = new Semaphore(0);
    /** Where the feed starts when a page connects (read and written by the feed's thread only). */
    private Map<TopicPartition, Long> ends;

    DecisionFeed(CoreserveConfig config) {
        EventSerdes serdes = new EventSerdes(config);
        this.decisionsTopic = config.topics().decisions();
        this.decisions = serdes.decisions().deserializer();
        this.notifications = serdes.notifications().deserializer();
        Properties props = ClientSettings.consumer(config);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.remove(ConsumerConfig.GROUP_ID_CONFIG);
        props.put(ConsumerConfig.CLIENT_ID_CONFIG,
                config.require(StreamsConfig.APPLICATION_ID_CONFIG) + "-console-feed");
        this.consumer = new KafkaConsumer<>(props, new StringDeserializer(), new ByteArrayDeserializer());
        List<TopicPartition> partitions = new ArrayList<>();
        for (String topic : List.of(decisionsTopic, config.topics().notifications())) {
            consumer.partitionsFor(topic).forEach(p -> partitions.add(new TopicPartition(topic, p.partition())));
        }
        consumer.assign(partitions);
        // Nothing is fetched until a page connects (see run).
        consumer.pause(partitions);
        this.ends = consumer.endOffsets(partitions);
        this.thread = new Thread(this::run, "coreserve-console-feed");
        thread.setDaemon(true);
        thread.start();
    }

    void attach(SseClient client) {
        client.keepAlive();
        client.onClose(() -> clients.remove(client));
        clients.add(client);
        pageArrived.release();
    }

    /** Pages connected now. */
    int pages() {
        return clients.size();
    }

    /**
     * Reads only while a page is connected. With none, every partition is paused: nothing is fetched, decoded or sent,
     * where the feed used to fetch once for every committed transaction (at 100 requests/s about 55 fetches a second,
     * 8 % of the requests the broker served: README, Benchmarks). Meanwhile the topics' ends are looked up once a
     * second, and a page that connects is fed from the last ends looked up before it came: the second before it and
     * what comes next. Seeking to the ends on its arrival could miss what is committed while the broker answers the
     * seek.
     */
    private void run() {
        long lastHeartbeat = System.nanoTime();
        boolean paused = true;
        try {
            while (running) {
                if (clients.isEmpty()) {
                    if (!paused) {
                        consumer.pause(consumer.assignment());
                        paused = true;
                    }
                    lookUpEnds();
                    pageArrived.tryAcquire(1, TimeUnit.SECONDS);
                    continue;
                }
                if (paused) {
                    pageArrived.drainPermits();
                    ends.forEach(consumer::seek);
                    consumer.resume(consumer.assignment());
                    paused = false;
                }
                for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(500))) {
                    publish(r);
                }
                if (System.nanoTime() - lastHeartbeat > HEARTBEAT.toNanos()) {
                    broadcast(c -> c.sendComment("heartbeat"));
                    lastHeartbeat = System.nanoTime();
                }
            }
        } catch (WakeupException e) {
            // closing
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            consumer.close();
        }
    }

    /**
     * The topics' ends (read_committed: the last stable offsets), kept only when no page came while they were looked
     * up, so that the kept ones always precede a page's arrival. Unchanged while the broker does not answer.
     */
    private void lookUpEnds() {
        Map<TopicPartition, Long> now;
        try {
            now = consumer.endOffsets(consumer.assignment(), END_LOOKUP_TIMEOUT);
        } catch (org.apache.kafka.common.errors.TimeoutException e) {
            LOG.debug("Console feed: the topics' ends not looked up in {}", END_LOOKUP_TIMEOUT, e);
            return;
        }
        if (clients.isEmpty()) {
            ends = now;
        }
    }

    private void publish(ConsumerRecord<String, byte[]> r) {
        String line;
        try {
            line = r.topic().equals(decisionsTopic)
                    ? line(decisions.deserialize(r.topic(), r.headers(), r.value()))
                    : line(notifications.deserialize(r.topic(), r.headers(), r.value()));
        } catch (RuntimeException e) {
            LOG.debug("Console feed skips an unreadable record at {}-{}@{}", r.topic(), r.partition(), r.offset(), e);
            return;
        }
        broadcast(c -> c.sendEvent("line", line));
    }

    /** A page that went away is dropped (its connection is closed; the browser reconnects if it comes back). */
    private void broadcast(java.util.function.Consumer<SseClient> send) {
        for (SseClient client : clients) {
            try {
                send.accept(client);
            } catch (RuntimeException e) {
                clients.remove(client);
            }
        }
    }

    static String line(ReservationDecision d) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "decision %s %s/%s", d.getStatus(),
                d.getUser(), d.getRequestId()));
        if (d.getStart() != null && d.getEnd() != null) {
            s.append(' ').append(d.getStart()).append(" .. ").append(d.getEnd());
        }
        if (d.getAllocations() != null && !d.getAllocations().isEmpty()) {
            s.append(" on ").append(String.join(",", d.getAllocations().stream().map(a -> a.getResourceId()).toList()));
        }
        if (d.getMessage() != null) {
            s.append(": ").append(d.getMessage());
        }
        return s.toString();
    }

    static String line(Notification n) {
        return String.format(Locale.ROOT, "notification %s %s/%s%s", n.getKind(), n.getUser(), n.getRequestId(),
                n.getMessage() == null ? "" : ": " + n.getMessage());
    }

    @Override
    public void close() {
        running = false;
        consumer.wakeup();
        pageArrived.release();
        // The pages' event streams end with the HTTP server (closing them here, after it stopped, fails in Jetty).
        clients.clear();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
