package io.coreserve.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.StreamsConfig;

/**
 * The application's configuration, layered in this order (later wins): built-in defaults, the
 * configuration file, environment variables ({@link EnvironmentOverrides}), explicit overrides (CLI flags).
 * Kafka Streams, client and serde settings are plain Kafka keys; coreserve's own keys start with
 * {@code coreserve.}.
 */
public final class CoreserveConfig {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(CoreserveConfig.class);

    // The keys are declared, with type, default, rule and documentation, in Settings; these are short names.
    public static final String DEFAULT_DOMAIN = Settings.DEFAULT_DOMAIN;
    public static final String SERDE_CLASS = Settings.SERDE_CLASS;
    public static final String HTTP_PORT = Settings.HTTP_PORT;
    public static final String HTTP_HOST = Settings.HTTP_HOST;
    public static final String PARTITIONS = Settings.PARTITIONS;
    public static final String HORIZON = Settings.HORIZON;
    /** How long ended things are kept: monitoring samples, and the offers agents' ended reservations. */
    public static final String HISTORY_RETENTION = Settings.HISTORY_RETENTION;
    public static final Duration DEFAULT_HISTORY_RETENTION = Duration.ofDays(2);
    public static final String SCHEMA_REGISTRY_URL = "schema.registry.url";

    private final Properties properties;

    private CoreserveConfig(Properties properties) {
        this.properties = properties;
    }

    /** Defaults, then {@code file} (if not null), then the environment, then {@code overrides}. */
    public static CoreserveConfig load(Path file, Map<String, String> environment, Map<String, String> overrides)
            throws IOException {
        return load(file, environment, Map.of(), overrides);
    }

    /**
     * As {@link #load(Path, Map, Map)}, with {@code commandDefaults} between the defaults and the file: what one
     * command chooses for itself (e.g. {@code dev}'s probe warm-up) unless the file or the environment say otherwise.
     */
    public static CoreserveConfig load(Path file, Map<String, String> environment, Map<String, String> commandDefaults,
            Map<String, String> overrides) throws IOException {
        Properties layered = defaults();
        layered.putAll(commandDefaults);
        if (file != null) {
            try (Reader reader = Files.newBufferedReader(file)) {
                Properties fromFile = new Properties();
                fromFile.load(reader);
                layered.putAll(fromFile);
            }
        }
        java.util.Set<Object> beforeEnvironment = new java.util.HashSet<>(layered.keySet());
        layered = EnvironmentOverrides.apply(layered, environment);
        // CORESERVE_* variables also serve the launcher and the CLI (CORESERVE_SKIP_BUILD, ...): not typos.
        java.util.Set<String> fromEnvironment = new java.util.HashSet<>();
        layered.keySet().stream().filter(k -> !beforeEnvironment.contains(k)).forEach(k -> fromEnvironment.add(k.toString()));
        layered.putAll(overrides);
        overrides.keySet().forEach(fromEnvironment::remove);
        return validated(layered, fromEnvironment);
    }

    public static CoreserveConfig of(Map<String, String> settings) {
        Properties layered = defaults();
        layered.putAll(settings);
        return validated(layered, java.util.Set.of());
    }

    /**
     * Checks every declared {@code coreserve.*} setting against its rule ({@link Settings}): a bad value fails here,
     * naming the key and the rule; an undeclared {@code coreserve.*} key is most likely a typo and is logged.
     */
    private static CoreserveConfig validated(Properties layered, java.util.Set<String> quiet) {
        Map<String, String> all = new java.util.TreeMap<>();
        layered.forEach((k, v) -> all.put(k.toString(), v.toString()));
        for (String unknown : Settings.validate(all)) {
            if (quiet.contains(unknown)) {
                continue;
            }
            LOG.warn("Unknown setting '{}' ignored (see README's settings table for the declared ones)", unknown);
        }
        return new CoreserveConfig(layered);
    }

    /**
     * The base every deployment starts from: exactly-once, explicit names for every internal resource,
     * and bad records sent to the dead-letter topic (KIP-1034) instead of stopping the application.
     */
    static Properties defaults() {
        Properties p = new Properties();
        p.setProperty(StreamsConfig.APPLICATION_ID_CONFIG, "coreserve");
        p.setProperty(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        p.setProperty(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG, "true");
        // Dead letters built by coreserve (cut to fit, with the original's topic, partition and offset), an output
        // too large to write dead-lettered before it can fail the transaction, and an unreachable registry retried.
        p.setProperty(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG,
                io.coreserve.deadletter.DeadLetterDeserializationHandler.class.getName());
        p.setProperty(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG,
                io.coreserve.deadletter.DeadLetterProcessingHandler.class.getName());
        p.setProperty(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_GLOBAL_ENABLED_CONFIG, "true");
        p.setProperty(StreamsConfig.PRODUCTION_EXCEPTION_HANDLER_CLASS_CONFIG,
                io.coreserve.deadletter.DeadLetterProductionHandler.class.getName());
        p.setProperty(StreamsConfig.DEFAULT_CLIENT_SUPPLIER_CONFIG,
                io.coreserve.deadletter.SizeGuardedClientSupplier.class.getName());
        p.setProperty(StreamsConfig.producerPrefix(ProducerConfig.ACKS_CONFIG), "all");
        p.setProperty(StreamsConfig.consumerPrefix(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG), "earliest");
        // A decision is visible when its transaction commits: the commit interval bounds the latency under
        // exactly-once (measured with coreserve bench pipeline: p99 209 ms at 100 ms, 39 ms at 20 ms, same throughput).
        // A stream thread commits only between polls, and a poll with nothing new waits poll.ms (100 by default): so
        // what a task wrote for another task (a virtual grid's bind commands and replies) stayed invisible up to that
        // long per hop. Measured on a 4-component virtual grid (3 hops), warm p99: 235 ms at 100/100, 114 ms at 20/20,
        // 77 ms at 10/10 (quiet machine); at 100 collective requests/s 10/10 gave the same p99 as 20/20 (40 ms) and the
        // closed loop on empty books 868 against 939 decisions/s.
        // That interval is now for a backlog only (300 ms): processors have the output of a fresh input committed
        // within coreserve.commit.fresh-interval (10 ms) by a punctuation (FreshCommits), so a steady rate sees the
        // 10 ms commits above while a backlog on full books spends less of the stream thread waiting on transactions.
        // Measured on full books at 1,000 requests/s offered (bench pipeline --soak, 3 minutes, one after the other):
        // 619 decided/s a second at 100 ms, 857 at 300 ms, the first four rows at 1,000 ms no better than at 300. Longer
        // also holds back a closed-loop client with hundreds of requests in flight (each waits for a commit once the
        // queue makes its input older than the fresh age): the soak's fill took 185 s at 100 ms, 223 s at 300, 337 s
        // at 1,000.
        p.setProperty(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, "300");
        p.setProperty(StreamsConfig.POLL_MS_CONFIG, "10");
        // Two commits close together (the interval's and a fresh input's) make the second transaction's first write
        // wait for the first one's markers: the broker answers CONCURRENT_TRANSACTIONS and the producer retries after
        // retry.backoff.ms, 100 ms by default, with the stream thread blocked in the commit. Measured at 100
        // requests/s with fresh commits: p99 103-185 ms with the default, 46-54 ms with 10 ms, 38-45 ms with 2 ms
        // (the backoff still grows exponentially up to retry.backoff.max.ms while a broker is away).
        p.setProperty(StreamsConfig.producerPrefix(ProducerConfig.RETRY_BACKOFF_MS_CONFIG), "2");
        // Filters for the stores' gets of keys they do not hold (a new request's id), see LookupFilters.
        p.setProperty(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG, LookupFilters.class.getName());
        // Changelogs carry their input's event time too: a trace replayed into the future must not be refused there.
        p.setProperty(StreamsConfig.topicPrefix("message.timestamp.after.max.ms"), Long.toString(Long.MAX_VALUE));
        Settings.defaults().forEach(p::setProperty);
        return p;
    }

    public String get(String key) {
        return properties.getProperty(key);
    }

    public String require(String key) {
        String value = properties.getProperty(key);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("Missing setting '" + key + "' (in the config file, or as an "
                    + "environment variable " + envName(key) + ")");
        }
        return value;
    }

    public int getInt(String key) {
        return Integer.parseInt(require(key).trim());
    }

    public Duration getDuration(String key) {
        return Duration.parse(require(key).trim());
    }

    public Topics topics() {
        return Topics.from(this::require);
    }

    public String bootstrapServers() {
        return require(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG);
    }

    public String registryUrl() {
        return require(SCHEMA_REGISTRY_URL);
    }

    /** Everything, for Kafka Streams, clients and serdes, which ignore keys they do not know. */
    public Properties asProperties() {
        Properties copy = new Properties();
        copy.putAll(properties);
        return copy;
    }

    /** Settings for Kafka Streams: everything, with the dead-letter topic taken from the topic names. */
    public Properties streamsProperties() {
        Properties p = asProperties();
        p.setProperty(StreamsConfig.ERRORS_DEAD_LETTER_QUEUE_TOPIC_NAME_CONFIG, topics().deadLetter());
        return p;
    }

    public Map<String, Object> asMap() {
        Map<String, Object> map = new java.util.HashMap<>();
        properties.forEach((k, v) -> map.put(k.toString(), v));
        return map;
    }

    public CoreserveConfig with(String key, String value) {
        Properties copy = asProperties();
        copy.setProperty(key, value);
        return new CoreserveConfig(copy);
    }

    static String envName(String key) {
        String body = key.replace("_", "___").replace("-", "__").replace('.', '_').toUpperCase(java.util.Locale.ROOT);
        return key.startsWith("coreserve.") ? body : "KAFKA_" + body;
    }
}
