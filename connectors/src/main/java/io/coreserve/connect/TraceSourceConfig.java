package io.coreserve.connect;

import io.coreserve.serde.AvroSerdeConfig;
import io.coreserve.trace.events.MappingOptions;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigException;

/** Configuration of {@link TraceSourceConnector}, declared once. */
public final class TraceSourceConfig extends AbstractConfig {

    public static final String SWF_FILES = "swf.files";
    public static final String PLANETLAB_DIRS = "planetlab.dirs";
    public static final String DOMAIN = "domain";
    public static final String TOPIC_RESOURCES = "topic.resources";
    public static final String TOPIC_SAMPLES = "topic.samples";
    public static final String TOPIC_REQUESTS = "topic.requests";
    public static final String REQUEST_WINDOW = "request.window";
    public static final String TRACE_START = "trace.start";
    public static final String PLANETLAB_SEED = "planetlab.seed";
    public static final String LIMIT = "limit";
    public static final String SPEED = "speed";
    public static final String BATCH_SIZE = "batch.size";
    public static final String SCHEMA_REGISTRY_URL = AvroSerdeConfig.SCHEMA_REGISTRY_URL;
    public static final String AUTO_REGISTER_SCHEMAS = AvroSerdeConfig.AUTO_REGISTER_SCHEMAS;

    private static final String TRACES = "Traces";
    private static final String EVENTS = "Events";
    private static final String REGISTRY = "Schema registry";

    public static final ConfigDef CONFIG_DEF = new ConfigDef()
            .define(SWF_FILES, Type.LIST, List.of(), Importance.HIGH,
                    "SWF v2.2 trace files to replay (paths on the worker, comma-separated). Each file becomes the "
                            + "catalogue of its header's machine and one collective request per usable job.",
                    TRACES, 1, ConfigDef.Width.LONG, "SWF files")
            .define(PLANETLAB_DIRS, Type.LIST, List.of(), Importance.HIGH,
                    "PlanetLab day directories to replay (one file per node, 288 five-minute percentages). Each "
                            + "becomes one resource per node and one sample per node and interval.",
                    TRACES, 2, ConfigDef.Width.LONG, "PlanetLab days")
            .define(LIMIT, Type.LONG, 0L, ConfigDef.Range.atLeast(0), Importance.LOW,
                    "At most this many usable jobs per SWF file, or nodes per PlanetLab day; 0 means all.",
                    TRACES, 3, ConfigDef.Width.SHORT, "Limit")
            .define(SPEED, Type.DOUBLE, 0.0, ConfigDef.Range.atLeast(0), Importance.MEDIUM,
                    "Wall-clock pacing: replay this many times faster than the trace (3600: a trace hour a second); "
                            + "0 means as fast as possible. Pacing restarts from the resume point after a restart.",
                    TRACES, 4, ConfigDef.Width.SHORT, "Speed")
            .define(BATCH_SIZE, Type.INT, 1000, ConfigDef.Range.between(1, 100_000), Importance.LOW,
                    "Most records returned by one poll.",
                    TRACES, 5, ConfigDef.Width.SHORT, "Batch size")
            .define(DOMAIN, Type.STRING, MappingOptions.DEFAULT_DOMAIN, new ConfigDef.NonEmptyString(), Importance.HIGH,
                    "Domain (site or pool) of every event; also the record key.",
                    EVENTS, 1, ConfigDef.Width.MEDIUM, "Domain")
            .define(TOPIC_RESOURCES, Type.STRING, "coreserve.resources", new ConfigDef.NonEmptyString(), Importance.HIGH,
                    "Topic of the catalogue (Resource); the pipeline's coreserve.topic.resources.",
                    EVENTS, 2, ConfigDef.Width.MEDIUM, "Resources topic")
            .define(TOPIC_SAMPLES, Type.STRING, "coreserve.samples", new ConfigDef.NonEmptyString(), Importance.HIGH,
                    "Topic of monitoring samples (ResourceSample); the pipeline's coreserve.topic.samples.",
                    EVENTS, 3, ConfigDef.Width.MEDIUM, "Samples topic")
            .define(TOPIC_REQUESTS, Type.STRING, "coreserve.requests", new ConfigDef.NonEmptyString(), Importance.HIGH,
                    "Topic of requests (ReservationCommand); the pipeline's coreserve.topic.requests.",
                    EVENTS, 4, ConfigDef.Width.MEDIUM, "Requests topic")
            .define(REQUEST_WINDOW, Type.STRING, MappingOptions.DEFAULT_REQUEST_WINDOW.toString(),
                    ConfigDef.LambdaValidator.with(TraceSourceConfig::validateDuration, () -> "ISO-8601 duration, e.g. PT24H"),
                    Importance.MEDIUM, "SWF: latest start of a request = its submission + this window.",
                    EVENTS, 5, ConfigDef.Width.SHORT, "Request window")
            .define(TRACE_START, Type.STRING, "",
                    ConfigDef.LambdaValidator.with(TraceSourceConfig::validateInstant, () -> "empty or an ISO-8601 instant"),
                    Importance.LOW, "SWF: replaces the header's UnixStartTime; PlanetLab: the day's midnight (default: "
                            + "the directory's yyyyMMdd name at 00:00 UTC). Empty: the trace's own.",
                    EVENTS, 6, ConfigDef.Width.MEDIUM, "Trace start")
            .define(PLANETLAB_SEED, Type.LONG, MappingOptions.DEFAULT_SEED, Importance.LOW,
                    "PlanetLab: seed of the node capacities drawn from seed 000's Table 1.",
                    EVENTS, 7, ConfigDef.Width.SHORT, "Capacity seed")
            .define(SCHEMA_REGISTRY_URL, Type.STRING, ConfigDef.NO_DEFAULT_VALUE, new ConfigDef.NonEmptyString(),
                    Importance.HIGH, "Schema registry (Confluent API) the values are registered in, or mock://scope "
                            + "for tests. Values are Avro in the Confluent wire format; use ByteArrayConverter.",
                    REGISTRY, 1, ConfigDef.Width.LONG, "Schema registry URL")
            .define(AUTO_REGISTER_SCHEMAS, Type.BOOLEAN, true, Importance.LOW,
                    "Register the event schemas on first use; when false they must be registered already.",
                    REGISTRY, 2, ConfigDef.Width.SHORT, "Auto-register schemas");

    public TraceSourceConfig(Map<?, ?> originals) {
        super(CONFIG_DEF, originals);
    }

    public MappingOptions mappingOptions() {
        String start = getString(TRACE_START);
        return new MappingOptions(getString(DOMAIN), Duration.parse(getString(REQUEST_WINDOW)),
                start.isBlank() ? null : Instant.parse(start.trim()), getLong(PLANETLAB_SEED), getLong(LIMIT));
    }

    /** Settings for our Avro serializer. */
    public Map<String, Object> serdeSettings() {
        return Map.of(SCHEMA_REGISTRY_URL, getString(SCHEMA_REGISTRY_URL),
                AUTO_REGISTER_SCHEMAS, getBoolean(AUTO_REGISTER_SCHEMAS).toString());
    }

    private static void validateDuration(String name, Object value) {
        try {
            Duration d = Duration.parse(String.valueOf(value).trim());
            if (d.isNegative()) {
                throw new ConfigException(name, value, "must not be negative");
            }
        } catch (DateTimeParseException e) {
            throw new ConfigException(name, value, "not an ISO-8601 duration such as PT24H");
        }
    }

    private static void validateInstant(String name, Object value) {
        String text = value == null ? "" : value.toString().trim();
        if (text.isEmpty()) {
            return;
        }
        try {
            Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new ConfigException(name, value, "not an ISO-8601 instant such as 2002-07-28T07:04:05Z");
        }
    }
}
