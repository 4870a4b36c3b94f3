package io.coreserve.app;

import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Settings;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.identity.AuthSettings;
import io.coreserve.identity.Credentials;
import io.coreserve.topology.EventSerdes;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Utils;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.errors.LogAndContinueExceptionHandler;
import org.apache.kafka.streams.errors.LogAndContinueProcessingExceptionHandler;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends synthetic requests through a small pipeline of the app's own at start, the way users' requests go through
 * the real one: an idempotent producer with the app's serde, a Kafka Streams application with exactly-once, a
 * persistent store with its changelog, a sink, and a read_committed consumer of what it decided. The broker and this
 * JVM then meet the first users with compiled code on those paths (the broker's produce, transaction-coordinator,
 * marker, group and fetch handling; this JVM's Kafka Streams, clients, Avro and RocksDB calls, which the stream
 * threads share), and the engine's are warmed by the probes ({@code ProbeWarmup}).
 *
 * <p>Why: on the 2-core machine the first run after a start (100 requests/s, each decision a transaction of its
 * own) met both JVMs compiling those paths with C2 for most of a minute (35 to 55 % of a core in each, measured per
 * thread from {@code /proc}), and the decisions waited for CPU: p99 160 ms and more where a warm run gives 40 ms.
 *
 * <p>Nothing of the real pipeline is touched: the topics are {@code <application.id>-warmup-requests} and
 * {@code -decisions} (10-minute retention), the warm-up's application id, group and transactional ids
 * {@code <application.id>-warmup}, its local state removed when it ends. Its store keeps at most {@value #KEYS}
 * keys, so its changelog stays small. Requests go through two at a time, so that transactions stay short and many,
 * as they are at a steady rate.
 */
public final class KafkaPathWarmup implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(KafkaPathWarmup.class);
    private static final int PARTITIONS = 3;
    private static final int KEYS = 512;
    private static final int IN_FLIGHT = 2;
    private static final String STORE = "warmup-decisions";
    private static final Duration RETENTION = Duration.ofMinutes(10);
    private static final Duration START_TIMEOUT = Duration.ofMinutes(1);
    private static final Duration RUN_TIMEOUT = Duration.ofMinutes(5);
    /** How long the warm-up waits for a decision before it gives up (a request refused, a pipeline stuck). */
    private static final Duration STALL = Duration.ofSeconds(30);

    private final AtomicInteger decided = new AtomicInteger();
    private final CountDownLatch done = new CountDownLatch(1);
    private final Thread thread;
    private volatile boolean stopped;

    private KafkaPathWarmup(CoreserveConfig config, int records) {
        this.thread = new Thread(() -> {
            try {
                run(config, records);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException | ExecutionException e) {
                LOG.warn("kafka warm-up stopped after {} records: {}", decided.get(), e.toString());
            } finally {
                done.countDown();
            }
        }, "coreserve-kafka-warmup");
        thread.setDaemon(true);
    }

    /** Starts sending {@code records} warm-up requests through the warm-up pipeline on a background thread. */
    public static KafkaPathWarmup start(CoreserveConfig config, int records) {
        KafkaPathWarmup warmup = new KafkaPathWarmup(config, records);
        warmup.thread.start();
        return warmup;
    }

    /** Warm-up requests decided and read back so far. */
    public int decided() {
        return decided.get();
    }

    /** Waits for the warm-up to end; true when it did within {@code timeout}. */
    public boolean await(Duration timeout) throws InterruptedException {
        return done.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The warm-up's application id and the prefix of its topics: the application's id with {@code -warmup}. */
    static String name(CoreserveConfig config) {
        return config.require(StreamsConfig.APPLICATION_ID_CONFIG) + "-warmup";
    }

    /** The topic the warm-up's requests are written to. */
    public static String requestsTopic(CoreserveConfig config) {
        return name(config) + "-requests";
    }

    /** The topic the warm-up's pipeline writes its decisions to. */
    public static String decisionsTopic(CoreserveConfig config) {
        return name(config) + "-decisions";
    }

    /**
     * The settings of the warm-up's own producer and consumer: with {@value Settings#KAFKA_WARMUP_CREDENTIALS}, that
     * user's login, and its requests signed with that user's key, as the CLI sends them; else the app's own.
     */
    static CoreserveConfig clientConfig(CoreserveConfig config) {
        String credentials = config.get(Settings.KAFKA_WARMUP_CREDENTIALS);
        if (credentials == null || credentials.isBlank()) {
            return config;
        }
        CoreserveConfig client = config;
        for (Map.Entry<String, String> setting : Credentials.read(Path.of(credentials)).clientSettings().entrySet()) {
            client = client.with(setting.getKey(), setting.getValue());
        }
        return client.with(AuthSettings.SIGNING_CREDENTIALS, credentials);
    }

    private void run(CoreserveConfig config, int records) throws InterruptedException, ExecutionException {
        String name = name(config);
        String in = requestsTopic(config);
        String out = decisionsTopic(config);
        ensureTopics(config, List.of(in, out));
        EventSerdes serdes = new EventSerdes(config);
        CoreserveConfig clientConfig = clientConfig(config);
        long start = System.nanoTime();
        Properties streamsSettings = settings(config, name);
        KafkaStreams streams = new KafkaStreams(topology(in, out, serdes), streamsSettings);
        try (KafkaProducer<String, ReservationCommand> producer = new KafkaProducer<>(
                ClientSettings.producer(clientConfig), Serdes.String().serializer(),
                new EventSerdes(clientConfig).commands().serializer());
                KafkaConsumer<String, ReservationDecision> consumer = new KafkaConsumer<>(readCommitted(clientConfig),
                        Serdes.String().deserializer(), serdes.decisions().deserializer())) {
            List<TopicPartition> decisions = new ArrayList<>();
            for (int p = 0; p < PARTITIONS; p++) {
                decisions.add(new TopicPartition(out, p));
            }
            consumer.assign(decisions);
            consumer.seekToEnd(decisions);
            decisions.forEach(consumer::position);  // fixed now, before anything is sent
            CountDownLatch running = new CountDownLatch(1);
            streams.setStateListener((now, before) -> {
                if (now == KafkaStreams.State.RUNNING) {
                    running.countDown();
                }
            });
            streams.start();
            if (!running.await(START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warn("kafka warm-up skipped: its pipeline did not reach RUNNING within {}", START_TIMEOUT);
                return;
            }
            drive(producer, consumer, in, records);
        } finally {
            streams.close(Duration.ofSeconds(30));
            // The whole directory of the warm-up's application id goes: nothing of it is kept. (KafkaStreams.cleanUp
            // would leave its process id file and warn at every start that the directory is not empty.)
            deleteQuietly(Path.of(new StreamsConfig(streamsSettings).getString(StreamsConfig.STATE_DIR_CONFIG), name));
        }
        LOG.info("kafka warm-up: {} of {} requests decided through the warm-up pipeline in {} ms", decided.get(),
                records, (System.nanoTime() - start) / 1_000_000);
    }

    /**
     * Sends {@code records} requests, {@value #IN_FLIGHT} undecided at most, until all are decided, the run times
     * out, the warm-up is closed, or nothing has been decided for {@link #STALL}.
     */
    private void drive(KafkaProducer<String, ReservationCommand> producer,
            KafkaConsumer<String, ReservationDecision> consumer, String in, int records) {
        int sent = 0;
        long deadline = System.nanoTime() + RUN_TIMEOUT.toNanos();
        long lastProgress = System.nanoTime();
        while (decided.get() < records && !stopped && System.nanoTime() < deadline) {
            while (sent < records && sent - decided.get() < IN_FLIGHT) {
                producer.send(new ProducerRecord<>(in, "w-" + (sent % KEYS), command(sent)));
                sent++;
            }
            producer.flush();
            int read = consumer.poll(Duration.ofMillis(50)).count();
            decided.addAndGet(read);
            if (read > 0) {
                lastProgress = System.nanoTime();
            } else if (System.nanoTime() - lastProgress > STALL.toNanos()) {
                LOG.warn("kafka warm-up: nothing decided for {}; giving up (see the warm-up pipeline's log)", STALL);
                return;
            }
        }
    }

    /** The app's own streams settings, for one stream thread of the warm-up's own application id. */
    private static Properties settings(CoreserveConfig config, String name) {
        Properties settings = config.streamsProperties();
        settings.put(StreamsConfig.APPLICATION_ID_CONFIG, name);
        settings.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, "1");
        settings.remove(StreamsConfig.APPLICATION_SERVER_CONFIG);
        // Commits as the app's fresh inputs are committed (coreserve.commit.fresh-interval): many short transactions.
        settings.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, "10");
        // A record the warm-up cannot read (a signature refused) is skipped and logged, never dead-lettered among
        // the real pipeline's dead letters; the warm-up then ends without it (see STALL).
        settings.put(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG,
                LogAndContinueExceptionHandler.class.getName());
        settings.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG,
                LogAndContinueProcessingExceptionHandler.class.getName());
        settings.remove(StreamsConfig.ERRORS_DEAD_LETTER_QUEUE_TOPIC_NAME_CONFIG);
        return settings;
    }

    private static Properties readCommitted(CoreserveConfig config) {
        Properties settings = ClientSettings.consumer(config);
        settings.remove(ConsumerConfig.GROUP_ID_CONFIG);
        settings.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        return settings;
    }

    static Topology topology(String in, String out, EventSerdes serdes) {
        Topology topology = new Topology();
        // Read as the requests topic is read: signatures checked where the app checks them (coreserve.auth.*).
        topology.addSource("warmup-requests", Serdes.String().deserializer(),
                serdes.authenticatedCommands().deserializer(), in);
        topology.addProcessor("warmup-decide", Decide::new, "warmup-requests");
        topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(STORE), Serdes.String(),
                serdes.decisions()), "warmup-decide");
        topology.addSink("warmup-decisions", out, Serdes.String().serializer(), serdes.decisions().serializer(),
                "warmup-decide");
        return topology;
    }

    /** Reads the key's last decision, records the new one and sends it on: a store read, a write, an output. */
    private static final class Decide implements Processor<String, ReservationCommand, String, ReservationDecision> {
        private ProcessorContext<String, ReservationDecision> context;
        private KeyValueStore<String, ReservationDecision> store;

        @Override
        public void init(ProcessorContext<String, ReservationDecision> context) {
            this.context = context;
            this.store = context.getStateStore(STORE);
        }

        @Override
        public void process(Record<String, ReservationCommand> record) {
            if (record.value() == null || !(record.value().getCommand() instanceof CoAllocationRequest request)) {
                return;
            }
            ReservationDecision previous = store.get(record.key());
            ReservationDecision decision = ReservationDecision.newBuilder()
                    .setRequestId(request.getRequestId())
                    .setUser(request.getUser())
                    .setDomain(record.key())
                    .setStatus(previous == null ? ReservationStatus.ACCEPTED : ReservationStatus.REJECTED)
                    .setMessage("warm-up")
                    .setStart(request.getEarliestStart())
                    .setEnd(request.getEarliestStart().plusMillis(request.getDurationMillis()))
                    .setDecidedAt(Instant.ofEpochMilli(record.timestamp()))
                    .build();
            store.put(record.key(), decision);
            context.forward(record.withValue(decision));
        }
    }

    /** A collective request like the benchmark's: 5 resources, minutes long, within the week. */
    static ReservationCommand command(int k) {
        long now = System.currentTimeMillis();
        long earliest = now + 60_000L * (k % 10_080);
        CoAllocationRequest request = CoAllocationRequest.newBuilder()
                .setRequestId("warmup-" + k)
                .setUser("coreserve-warmup")
                .setDurationMillis(60_000L * (1 + k % 10))
                .setResourceCount(5)
                .setEarliestStart(Instant.ofEpochMilli(earliest))
                .setLatestStart(Instant.ofEpochMilli(earliest + 3_600_000L))
                .setMinimums(Map.of("cores", 1.0, "memory_gb", 2.0))
                .setTotals(Map.of("cores", 5.0 + k % 7, "memory_gb", 10.0 + k % 5))
                .setSubmittedAt(Instant.ofEpochMilli(now))
                .build();
        return ReservationCommand.newBuilder().setCommand(request).build();
    }

    private static void ensureTopics(CoreserveConfig config, List<String> topics) throws InterruptedException,
            ExecutionException {
        try (Admin admin = Admin.create(ClientSettings.admin(config))) {
            for (String topic : topics) {
                try {
                    // The broker's default replication: as durable as the cluster likes its topics.
                    admin.createTopics(List.of(new NewTopic(topic, Optional.of(PARTITIONS), Optional.empty())
                            .configs(Map.of(TopicConfig.RETENTION_MS_CONFIG, Long.toString(RETENTION.toMillis()),
                                    TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_DELETE))))
                            .all().get();
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw e;
                    }
                }
            }
        }
    }

    private static void deleteQuietly(Path dir) {
        try {
            Utils.delete(dir.toFile());
        } catch (IOException e) {
            LOG.warn("kafka warm-up: cannot remove its state directory {}: {}", dir, e.toString());
        }
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        thread.join(40_000);
    }
}
