package io.coreserve.config;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigException;

/**
 * Every {@code coreserve.*} setting, declared once: name, type, default, validator and documentation, as Kafka's
 * own components and coreserve's connectors declare theirs. {@link CoreserveConfig} takes its defaults from here
 * and validates a configuration against it when it is loaded, so a bad value fails at start with the key and the
 * rule instead of deep inside the pipeline; README's settings table is generated from it
 * ({@code coreserve settings --markdown}, and a test keeps README in step).
 */
public final class Settings {

    // Topics (names come from configuration, never from topology code).
    public static final String TOPIC_PREFIX = "coreserve.topic.";
    public static final String PARTITIONS = "coreserve.topic.partitions";

    // Pipeline-wide.
    public static final String DEFAULT_DOMAIN = "coreserve.default.domain";
    public static final String SERDE_CLASS = "coreserve.serde.class";
    public static final String HTTP_HOST = "coreserve.http.host";
    public static final String HTTP_PORT = "coreserve.http.port";
    public static final String HTTP_MAX_BODY_BYTES = "coreserve.http.max-body-bytes";
    public static final String HTTP_IDLE_TIMEOUT = "coreserve.http.idle-timeout";
    public static final String HTTP_ADVERTISED_HOST = "coreserve.http.advertised-host";
    public static final String HTTP_FORWARD_TIMEOUT = "coreserve.http.forward-timeout";
    public static final String HTTP_URL = "coreserve.http.url";
    public static final String HTTP_WARMUP_PROBES = "coreserve.http.warmup-probes";
    public static final String KAFKA_WARMUP_REQUESTS = "coreserve.kafka.warmup-requests";
    public static final String BOOKS_WARMUP_REQUESTS = "coreserve.engine.warmup-requests";
    public static final String KAFKA_WARMUP_CREDENTIALS = "coreserve.kafka.warmup-credentials";
    public static final String HORIZON = "coreserve.request.horizon";
    public static final String MAX_DURATION = "coreserve.request.max-duration";
    public static final String HISTORY_RETENTION = "coreserve.history.retention";
    public static final String COMMIT_FRESH_AGE = "coreserve.commit.fresh-age";
    public static final String COMMIT_FRESH_INTERVAL = "coreserve.commit.fresh-interval";

    // The reservation service (seeds 000 and 003).
    public static final String PROPERTIES = "coreserve.properties";
    public static final String ENGINE_ALGORITHM = "coreserve.engine.algorithm";
    public static final String ENGINE_SEED = "coreserve.engine.seed";
    public static final String ENGINE_EXACT_BUDGET = "coreserve.engine.exact-budget";
    public static final String COUNTER_OFFER_TTL = "coreserve.counter-offer.ttl";
    public static final String COUNTER_OFFER_HORIZON = "coreserve.counter-offer.horizon";
    public static final String COUNTER_OFFER_SEARCH = "coreserve.counter-offer.search";
    public static final String MAX_ACTIVE_PER_USER = "coreserve.user.max-active-reservations";
    public static final String MAX_PENDING_SAMPLES = "coreserve.monitoring.max-pending-samples";
    public static final String TICK_INTERVAL = "coreserve.tick.interval";

    // SRL co-reservations (seed 002; spec 002 section 7).
    public static final String SRL_GRID = "coreserve.srl.grid";
    public static final String SRL_MAX_CANDIDATES_PER_PART = "coreserve.srl.max-candidates-per-part";
    public static final String SRL_MAX_PARTS = "coreserve.srl.max-parts";
    public static final String SRL_DETERMINISTIC_TIME = "coreserve.srl.solver.deterministic-time";
    public static final String SRL_BOOKING_RETRIES = "coreserve.srl.booking-retries";
    public static final String SRL_NORMALISATION = "coreserve.srl.normalisation";

    // The offers protocol (seed 001).
    public static final String OFFERS_ENABLED = "coreserve.offers.enabled";
    public static final String OFFERS_GRID_FILE = "coreserve.offers.grid.file";
    public static final String OFFERS_MAX_ATTEMPTS = "coreserve.offers.max-attempts";
    public static final String OFFERS_REPLY_TIMEOUT = "coreserve.offers.reply-timeout";

    // Virtual grids (seed 004).
    public static final String VGRID_ENABLED = "coreserve.vgrid.enabled";
    public static final String VGRID_BIND_TIMEOUT = "coreserve.vgrid.bind-timeout";
    public static final String VGRID_BIND_FAILURE_PROBABILITY = "coreserve.vgrid.bind-failure-probability";
    public static final String VGRID_MAX_COMPONENTS = "coreserve.vgrid.max-components";
    public static final String VGRID_CLOSE_MS = "coreserve.vgrid.close-ms";
    public static final String VGRID_CLOCK_SIMILARITY = "coreserve.vgrid.clock-similarity";
    public static final String VGRID_BIND_TRIES = "coreserve.vgrid.bind-tries";
    public static final String VGRID_RETRY_BACKOFF = "coreserve.vgrid.retry-backoff";

    private static final ConfigDef DEFINITION = define();

    private Settings() {
    }

    private static ConfigDef define() {
        ConfigDef def = new ConfigDef();
        String[] topics = {"resources", "samples", "offers", "requests", "decisions", "notifications", "dead-letter",
            "offer-requests", "agent-commands", "agent-replies", "vgrid-requests", "bind-commands", "bind-replies",
            "vgrid-catalogue"};
        for (String topic : topics) {
            def.define(TOPIC_PREFIX + topic, Type.STRING, "coreserve." + topic, new ConfigDef.NonEmptyString(),
                    Importance.MEDIUM, "name of the " + topic + " topic");
        }
        def.define(PARTITIONS, Type.INT, 3, ConfigDef.Range.atLeast(1), Importance.MEDIUM,
                "partitions of the topics the app creates (existing topics are left as they are)");
        def.define(DEFAULT_DOMAIN, Type.STRING, "default", new ConfigDef.NonEmptyString(), Importance.MEDIUM,
                "domain of requests that name none");
        def.define(SERDE_CLASS, Type.STRING, "io.coreserve.serde.SpecificAvroSerde", new ConfigDef.NonEmptyString(),
                Importance.LOW, "value serde of every topic: coreserve's, or Confluent's "
                        + "io.confluent.kafka.streams.serdes.avro.SpecificAvroSerde");
        def.define(HTTP_HOST, Type.STRING, "127.0.0.1", new ConfigDef.NonEmptyString(), Importance.MEDIUM,
                "address the HTTP endpoint listens on");
        def.define(HTTP_PORT, Type.INT, 0, ConfigDef.Range.between(0, 65535), Importance.MEDIUM,
                "port of the HTTP endpoint; 0 for any free port");
        def.define(HTTP_MAX_BODY_BYTES, Type.INT, 1 << 20, ConfigDef.Range.between(1024, 64 << 20), Importance.LOW,
                "largest HTTP request body read (bytes); a longer one is refused with 413 before it is read");
        def.define(HTTP_IDLE_TIMEOUT, Type.STRING, "PT30S", positiveDuration(), Importance.LOW,
                "how long an HTTP connection may stay silent (also mid-body) before the server closes it");
        def.define(HTTP_ADVERTISED_HOST, Type.STRING, "", Importance.MEDIUM,
                "host name at which the other instances reach this one's HTTP endpoint (application.server, to forward "
                        + "questions about the domains it holds); empty: the listening address, localhost when that is "
                        + "every address");
        def.define(HTTP_FORWARD_TIMEOUT, Type.STRING, "PT5S", positiveDuration(), Importance.LOW,
                "how long a question forwarded to the instance that holds its domain may take");
        def.define(HTTP_WARMUP_PROBES, Type.INT, 0, ConfigDef.Range.between(0, 100_000), Importance.LOW,
                "synthetic POST /probe requests the app sends to itself once the default domain's books are live, so "
                        + "that the first users' probes meet compiled code (0: none; dev uses 3000, about 8 s of one "
                        + "core on the 2-core machine; probes book nothing)");
        def.define(KAFKA_WARMUP_REQUESTS, Type.INT, 0, ConfigDef.Range.between(0, 100_000), Importance.LOW,
                "synthetic requests the app sends at start through a small pipeline of its own (topics "
                        + "<application.id>-warmup-requests and -decisions, 10-minute retention; exactly-once, a "
                        + "store, read back read_committed), so that the broker's and the app's Kafka paths are "
                        + "compiled before the first users' requests; nothing of the real pipeline is touched (0: "
                        + "none; dev uses 3000)");
        def.define(BOOKS_WARMUP_REQUESTS, Type.INT, 0, ConfigDef.Range.between(0, 1_000_000), Importance.LOW,
                "synthetic requests the app decides at start on scratch books of the default domain's catalogue "
                        + "(booked, counter-offered, some cancelled; the real books are neither read nor changed), so "
                        + "that the engine's booking and closest-free paths are compiled before the first users' "
                        + "requests (0: none, the default, also in dev: the JIT then compiles the engine for the warm-up's "
                        + "requests, and the benchmark's closed loop decided 0.71 times as many afterwards; 20000 takes "
                        + "about 13 s of one core, at most 2 minutes)");
        def.define(KAFKA_WARMUP_CREDENTIALS, Type.STRING, "", null, Importance.LOW,
                "credentials file (as `dev` writes them) the Kafka warm-up's clients log in and sign their requests "
                        + "as, so that the broker's ACL checks and the app's signature checks are warmed as users meet "
                        + "them (dev: its operator's, allowed to write the warm-up's requests topic and read its "
                        + "decisions); empty: the app's own login, unsigned");
        def.define(HTTP_URL, Type.STRING, "", null, Importance.LOW,
                "client side: the app's HTTP address for show, queue, probe and accept (the http= of dev's ready line;"
                        + " the CLI's --http)");
        def.define(HORIZON, Type.STRING, "PT24H", positiveDuration(), Importance.MEDIUM,
                "t_C: t_l - t_e when a request gives no latest start");
        def.define(MAX_DURATION, Type.STRING, "P30D", positiveDuration(), Importance.MEDIUM,
                "the longest t_res a request may ask for; a longer one is REJECTED INVALID_REQUEST (submit refuses it)");
        def.define(HISTORY_RETENTION, Type.STRING, "P2D", nonNegativeDuration(), Importance.LOW,
                "age (stream time) at which monitoring samples, the offers agents' ended reservations and the offers"
                        + " metascheduler's decided jobs, decided virtual"
                        + " grids (after their decision and their end) with their domains' bind answers, and the decisions of"
                        + " reservation requests with the requests (after their decision, their end and their offer's expiry)"
                        + " are pruned; a request id may be used again after that");
        def.define(COMMIT_FRESH_AGE, Type.STRING, "PT0.2S", nonNegativeDuration(), Importance.LOW,
                "an input younger than this (wall clock less its record timestamp) has its output committed within "
                        + COMMIT_FRESH_INTERVAL + ", one up to ten times as old (late: a short queue) within five times "
                        + "that; older ones (a backlog) at commit.interval.ms (300 ms), so fewer transactions while "
                        + "catching up. On a stream thread busy half its time or more, fresh and late ones too are "
                        + "committed when the task runs out of input, else at commit.interval.ms (0: every output at "
                        + "commit.interval.ms)");
        def.define(COMMIT_FRESH_INTERVAL, Type.STRING, "PT0.01S", positiveDuration(), Importance.LOW,
                "how soon the output of a fresh input is committed (a wall-clock punctuation per task; see "
                        + COMMIT_FRESH_AGE + ")");
        def.define(PROPERTIES, Type.LIST, "cores,cpu_ghz,memory_gb", nonEmptyList(), Importance.HIGH,
                "the system's quantitative properties P (seed 000 section 2)");
        def.define(ENGINE_ALGORITHM, Type.STRING, "improved",
                ConfigDef.CaseInsensitiveValidString.in("paper", "improved", "exact"), Importance.HIGH,
                "paper (seed 000 as specified), improved (all matching resources up to 1,024, greedy and"
                        + " best-improvement phases) or exact (improved's plan, then branch and bound over every"
                        + " matching resource at its start; the decision's counts say whether optimality was proven)");
        def.define(ENGINE_EXACT_BUDGET, Type.LONG, io.coreserve.engine.allocation.EngineConfig.DEFAULT_EXACT_BUDGET,
                ConfigDef.Range.atLeast(0), Importance.LOW,
                "exact: search-tree nodes of the branch and bound per decision (a count, not a time: replays decide"
                        + " the same); beyond it the best set found is booked, not proven optimal");
        def.define(ENGINE_SEED, Type.LONG, 42L, null, Importance.LOW,
                "the engine's random seed: same seed and input, same decisions");
        def.define(COUNTER_OFFER_TTL, Type.STRING, "PT15M", positiveDuration(), Importance.MEDIUM,
                "how long a counter-offer may be accepted (seed 003)");
        def.define(COUNTER_OFFER_HORIZON, Type.STRING, "P7D", positiveDuration(), Importance.LOW,
                "how far from the requested window to look for a free interval");
        def.define(COUNTER_OFFER_SEARCH, Type.STRING, "full",
                ConfigDef.CaseInsensitiveValidString.in("full", "single-pass"), Importance.LOW,
                "full: the searches before and after the window double M up to M_max, as the window's own search;"
                        + " single-pass: M_init only, about 2.6 times cheaper on full books, a few counter-offers"
                        + " become rejections");
        def.define(MAX_PENDING_SAMPLES, Type.INT, 100_000, ConfigDef.Range.atLeast(0), Importance.LOW,
                "samples that may wait, per task, for a resource not yet in the catalogue (beyond: dead-lettered;"
                        + " a waiting sample older than the history retention is dropped)");
        def.define(MAX_ACTIVE_PER_USER, Type.INT, 0, ConfigDef.Range.atLeast(0), Importance.MEDIUM,
                "active reservations a user may hold; 0 for no limit, 1 is seed 003's rule (USER_LIMIT)");
        def.define(TICK_INTERVAL, Type.STRING, "PT1M", positiveDuration(), Importance.LOW,
                "how often, in stream time, STARTING and COMPLETED notifications are sent");
        def.define(SRL_GRID, Type.STRING, "PT15M", positiveDuration(), Importance.LOW,
                "SRL co-reservations: candidate starts every grid step from a part's est (plus the times a resource"
                        + " frees up)");
        def.define(SRL_MAX_CANDIDATES_PER_PART, Type.INT, 4096, ConfigDef.Range.atLeast(1), Importance.LOW,
                "SRL co-reservations: reservation candidates kept per part (the earliest of each resource in turn;"
                        + " the decision names the capped parts)");
        def.define(SRL_MAX_PARTS, Type.INT, 32, ConfigDef.Range.atLeast(1), Importance.LOW,
                "SRL co-reservations: more parts are INVALID_REQUEST (rule too-many-parts)");
        def.define(SRL_DETERMINISTIC_TIME, Type.DOUBLE, 5.0, ConfigDef.Range.atLeast(0.001), Importance.LOW,
                "SRL co-reservations: CP-SAT's limit in deterministic time (one worker, so a replay decides the same);"
                        + " a plan not proven optimal says FEASIBLE, none found SOLVER_LIMIT");
        def.define(SRL_BOOKING_RETRIES, Type.INT, 3, ConfigDef.Range.atLeast(1), Importance.LOW,
                "SRL co-reservations: solve-and-book rounds when a planned part cannot be booked, then "
                        + "NO_ADMISSIBLE_SET");
        def.define(SRL_NORMALISATION, Type.STRING, "range", ConfigDef.CaseInsensitiveValidString.in("range", "paper"),
                Importance.LOW, "SRL co-reservations: sub-objectives scaled by their range over the candidates, or by"
                        + " their largest magnitude (Listing 1's CF = w / max)");
        def.define(OFFERS_ENABLED, Type.BOOLEAN, true, null, Importance.MEDIUM,
                "run the offers protocol (seed 001) beside the reservation pipeline");
        def.define(OFFERS_GRID_FILE, Type.STRING, "", null, Importance.LOW,
                "the providers' grid, one `name processors mips` a line; empty for Table 1 of seed 001");
        def.define(OFFERS_MAX_ATTEMPTS, Type.INT, 3, ConfigDef.Range.atLeast(1), Importance.LOW,
                "rounds of offers, composition and reservation per job before it is rejected");
        def.define(OFFERS_REPLY_TIMEOUT, Type.STRING, "PT30S", positiveDuration(), Importance.LOW,
                "wall-clock wait for the providers' answers to one step of a job");
        def.define(VGRID_ENABLED, Type.BOOLEAN, true, null, Importance.MEDIUM,
                "run the virtual grid coordinator (seed 004) beside the reservation pipeline (domains answer binds"
                        + " either way)");
        def.define(VGRID_BIND_TIMEOUT, Type.STRING, "PT30S", positiveDuration(), Importance.LOW,
                "wall-clock wait for the domains' answers to one binding round; a missing answer is a refusal");
        def.define(VGRID_BIND_FAILURE_PROBABILITY, Type.DOUBLE, 0.0, ConfigDef.Range.between(0, 1), Importance.LOW,
                "injected refusal of a bind at the domain (seed 004's Bernoulli model), drawn per request, component"
                        + " and selection with coreserve.engine.seed, so a replay refuses the same");
        def.define(VGRID_MAX_COMPONENTS, Type.INT, 256, ConfigDef.Range.between(1, 4096), Importance.LOW,
                "most components a vgDL request may decompose into (more: INVALID_REQUEST)");
        def.define(VGRID_CLOSE_MS, Type.DOUBLE, 10.0, ConfigDef.Range.atLeast(0), Importance.LOW,
                "clusters closer than this latency estimate (ms) form one TightBag");
        def.define(VGRID_CLOCK_SIMILARITY, Type.DOUBLE, 0.05, ConfigDef.Range.atLeast(0), Importance.LOW,
                "hosts whose clocks differ by at most this share form one cluster");
        def.define(VGRID_BIND_TRIES, Type.INT, 4, ConfigDef.Range.between(1, 16), Importance.LOW,
                "binding tries of a virtual grid that lost hosts to another virtual grid: everything is released and"
                        + " bound again after a back-off, at most this many tries in all (1: never again)");
        def.define(VGRID_RETRY_BACKOFF, Type.STRING, "PT0.5S", positiveDuration(), Importance.LOW,
                "wall-clock back-off before try k+1 of a virtual grid: uniform in [0, this x 2^(k-1)), drawn from"
                        + " coreserve.engine.seed and the request id");
        // Bounded reads of the serde (schemas module: it reads them from the serde's configuration map).
        def.define(io.coreserve.serde.ReadLimits.MAX_RECORD_BYTES, Type.INT,
                io.coreserve.serde.ReadLimits.DEFAULTS.maxRecordBytes(), ConfigDef.Range.atLeast(1), Importance.MEDIUM,
                "the most bytes a record may have to be read at all; larger ones are dead-lettered unread");
        def.define(io.coreserve.serde.ReadLimits.MAX_STRING_BYTES, Type.INT,
                io.coreserve.serde.ReadLimits.DEFAULTS.maxStringBytes(), ConfigDef.Range.atLeast(1), Importance.LOW,
                "the most bytes of one Avro string or bytes value, checked before allocating");
        def.define(io.coreserve.serde.ReadLimits.MAX_COLLECTION_ITEMS, Type.LONG,
                io.coreserve.serde.ReadLimits.DEFAULTS.maxCollectionItems(), ConfigDef.Range.atLeast(1),
                Importance.LOW, "the most array items and map entries of one record together, checked before allocating");
        def.define(io.coreserve.serde.ReadLimits.REGISTRY_WAIT, Type.STRING,
                io.coreserve.serde.ReadLimits.DEFAULTS.registryWait().toString(), nonNegativeDuration(),
                Importance.LOW, "how long a read waits for an unreachable schema registry before the record is "
                        + "retried later (never dead-lettered for that)");
        // Dead letters and outputs (io.coreserve.deadletter).
        def.define(io.coreserve.deadletter.DeadLetterSettings.MAX_BYTES, Type.INT,
                io.coreserve.deadletter.DeadLetterSettings.DEFAULT_MAX_BYTES, ConfigDef.Range.atLeast(1_024),
                Importance.LOW, "the most bytes of a dead letter's payload; a longer original is cut and its headers "
                        + "say so (its topic, partition and offset find it whole)");
        def.define(io.coreserve.deadletter.DeadLetterSettings.MAX_OUTPUT_RECORD_BYTES, Type.INT,
                io.coreserve.deadletter.DeadLetterSettings.DEFAULT_MAX_OUTPUT_RECORD_BYTES,
                ConfigDef.Range.atLeast(1_024), Importance.LOW, "the largest record the pipeline writes; a larger "
                        + "output is dead-lettered instead of failing the transaction (keep it below the broker's and "
                        + "topics' max.message.bytes)");
        // Identity (io.coreserve.identity): declared there, listed here so that every key has one table.
        io.coreserve.identity.AuthSettings.DEFINITION.configKeys().values().forEach(def::define);
        return def;
    }

    /** The declaration itself (for connectors-style tooling and tests). */
    public static ConfigDef definition() {
        return DEFINITION;
    }

    /** Every declared key with its default as a string; a key without a default is left out. */
    static Map<String, String> defaults() {
        Map<String, String> defaults = new TreeMap<>();
        for (ConfigDef.ConfigKey key : DEFINITION.configKeys().values()) {
            if (key.hasDefault() && key.defaultValue != null) {
                defaults.put(key.name, render(key.defaultValue));
            }
        }
        return defaults;
    }

    /**
     * Checks every declared key of {@code settings}; throws a {@link ConfigException} naming the key, the value and
     * the rule. Keys under {@code coreserve.} that are not declared are returned, so the caller can warn about typos.
     */
    static List<String> validate(Map<String, String> settings) {
        Map<String, Object> declared = new TreeMap<>();
        List<String> unknown = new ArrayList<>();
        settings.forEach((k, v) -> {
            if (DEFINITION.names().contains(k)) {
                declared.put(k, v);
            } else if (k.startsWith("coreserve.")) {
                unknown.add(k);
            }
        });
        DEFINITION.parse(declared);
        return unknown;
    }

    /** README's table: key, default, valid values and meaning, in declaration order. */
    public static String markdownTable() {
        StringBuilder table = new StringBuilder("| key | default | valid values | meaning |\n|---|---|---|---|\n");
        for (ConfigDef.ConfigKey key : DEFINITION.configKeys().values()) {
            String def = key.defaultValue == null || render(key.defaultValue).isEmpty() ? "(none)"
                    : "`" + render(key.defaultValue) + "`";
            table.append("| `").append(key.name).append("` | ").append(def).append(" | ").append(rule(key))
                    .append(" | ").append(key.documentation.replace("|", "\\|")).append(" |\n");
        }
        return table.toString();
    }

    /** A validator in words: Kafka's own print "[1,...]" for a range and "(case insensitive) [A, B]" for a choice. */
    private static String rule(ConfigDef.ConfigKey key) {
        if (key.validator == null) {
            return key.type.name().toLowerCase(Locale.ROOT);
        }
        String text = key.validator.toString();
        java.util.regex.Matcher m;
        if ((m = java.util.regex.Pattern.compile("\\[(-?\\d+),\\.\\.\\.\\]").matcher(text)).matches()) {
            return "at least " + m.group(1);
        }
        if ((m = java.util.regex.Pattern.compile("\\[(-?\\d+),\\.\\.\\.,(-?\\d+)\\]").matcher(text)).matches()) {
            return m.group(1) + " to " + m.group(2);
        }
        if ((m = java.util.regex.Pattern.compile("\\(case insensitive\\) \\[(.*)\\]").matcher(text)).matches()) {
            return "one of " + m.group(1).toLowerCase(Locale.ROOT);
        }
        return text;
    }

    private static String render(Object value) {
        if (value instanceof List<?> list) {
            return String.join(",", list.stream().map(Object::toString).toList());
        }
        return value.toString();
    }

    private static ConfigDef.Validator nonEmptyList() {
        return new ConfigDef.Validator() {
            @Override
            public void ensureValid(String name, Object value) {
                if (value == null || ((List<?>) value).isEmpty()) {
                    throw new ConfigException(name, value, "must list at least one name");
                }
            }

            @Override
            public String toString() {
                return "a comma-separated list, at least one";
            }
        };
    }

    static ConfigDef.Validator positiveDuration() {
        return durationValidator(false);
    }

    static ConfigDef.Validator nonNegativeDuration() {
        return durationValidator(true);
    }

    private static ConfigDef.Validator durationValidator(boolean zeroAllowed) {
        return new ConfigDef.Validator() {
            @Override
            public void ensureValid(String name, Object value) {
                Duration duration;
                try {
                    duration = Duration.parse(value.toString().trim().toUpperCase(Locale.ROOT));
                } catch (DateTimeParseException e) {
                    throw new ConfigException(name, value, "must be an ISO-8601 duration such as PT15M or P2D");
                }
                if (duration.isNegative() || (!zeroAllowed && duration.isZero())) {
                    throw new ConfigException(name, value, zeroAllowed ? "must not be negative" : "must be positive");
                }
            }

            @Override
            public String toString() {
                return zeroAllowed ? "an ISO-8601 duration, not negative" : "an ISO-8601 duration, positive";
            }
        };
    }
}
