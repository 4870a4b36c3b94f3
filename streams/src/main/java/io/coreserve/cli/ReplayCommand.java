package io.coreserve.cli;

import io.coreserve.app.TopicAdmin;
import io.coreserve.cli.request.TimeSyntax;
import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Topics;
import io.coreserve.replay.EventEncoder;
import io.coreserve.replay.Pacing;
import io.coreserve.replay.ProgressPrinter;
import io.coreserve.replay.ReplaySummary;
import io.coreserve.replay.PipelineCatalogueBarrier;
import io.coreserve.replay.RetentionCheck;
import io.coreserve.replay.TraceReplayer;
import io.coreserve.replay.TraceReplayer.CatalogueBarrier;
import io.coreserve.replay.TraceSpan;
import io.coreserve.topology.EventSerdes;
import io.coreserve.trace.events.MappingOptions;
import io.coreserve.trace.events.PlanetLabEvents;
import io.coreserve.trace.events.TraceEventStream;
import io.coreserve.trace.events.TraceReport;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code coreserve replay}: a workload trace onto the pipeline's topics, with the trace's own timestamps as the
 * record timestamps. The mapping is the one of {@code io.coreserve.trace.events} (the Connect source uses it too).
 */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {"Replay a workload trace onto the pipeline's topics: an SWF file (catalogue + one collective "
                + "request per job) or a PlanetLab day (resources + 5-minute utilisation samples). Record timestamps are "
                + "the trace's times (event time). Progress goes to stderr, a summary to stdout.",
                "Example: coreserve replay --swf hpc2n.swf --speed 3600 --limit 1000 --bootstrap localhost:9092 "
                        + "--registry http://localhost:8081/apis/ccompat/v7"})
public final class ReplayCommand implements Callable<Integer> {

    static final class Trace {
        @Option(names = "--swf", paramLabel = "FILE", required = true,
                description = "An SWF v2.2 trace (Parallel Workloads Archive).")
        Path swf;
        @Option(names = "--planetlab", paramLabel = "DIR", required = true,
                description = "A PlanetLab day: a directory (named yyyyMMdd) with one CPU-utilisation file per node.")
        Path planetlab;
    }

    static final class Speed {
        @Option(names = "--speed", paramLabel = "X",
                description = "Pace against the wall clock, X times faster than the trace (3600: a trace hour a second).")
        Double speed;
        @Option(names = "--as-fast-as-possible", description = "No pacing (the default).")
        boolean asFastAsPossible;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Trace trace;

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Speed speed;

    @Mixin
    ConnectionOptions connection;

    @Option(names = "--limit", paramLabel = "N",
            description = "At most N usable jobs (SWF) or N nodes (PlanetLab, in file-name order); default: all.")
    long limit;

    @Option(names = "--domain", paramLabel = "D",
            description = "Domain of every event and the record key (default: coreserve.default.domain).")
    String domain;

    @Option(names = "--start", paramLabel = "ISO",
            description = "SWF: replaces the header's UnixStartTime; PlanetLab: the day's midnight (default: the "
                    + "directory's yyyyMMdd at 00:00 UTC). ISO-8601, epoch ms, now or +1h.")
    String start;

    @Option(names = "--window", paramLabel = "DURATION",
            description = "SWF: latest start = submission + this (default: coreserve.request.horizon, PT24H).")
    String window;

    @Option(names = "--seed", description = "PlanetLab: seed of the Table 1 capacities (default: ${DEFAULT-VALUE}).")
    long seed = MappingOptions.DEFAULT_SEED;

    @Option(names = "--no-create-topics",
            description = "Do not create missing topics (by default they are created as the pipeline creates them).")
    boolean noCreateTopics;

    @Option(names = "--fix-topics",
            description = "Where a target topic would delete or refuse the trace's records for their age (retention.ms, "
                    + "message.timestamp.*), set it to what the pipeline creates its topics with, then replay.")
    boolean fixTopics;

    @Option(names = "--force",
            description = "Replay even where a target topic would delete or refuse the trace's records for their age.")
    boolean force;

    @Option(names = "--catalogue-wait", paramLabel = "DURATION", defaultValue = "PT2M",
            description = "How long to wait for the pipeline to process the catalogue before sending samples and "
                    + "requests (default: ${DEFAULT-VALUE}; ISO-8601 or 30s, 5m).")
    String catalogueWait;

    @Option(names = "--no-catalogue-wait",
            description = "Send samples and requests right after the catalogue, without waiting for the pipeline "
                    + "(e.g. when it is not running yet; it then orders them by event time only).")
    boolean noCatalogueWait;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        CoreserveConfig config = connection.loadAsOperator();
        MappingOptions options;
        Pacing pacing;
        Duration wait;
        try {
            wait = TimeSyntax.duration(catalogueWait);
            options = new MappingOptions(
                    domain != null ? domain : config.require(CoreserveConfig.DEFAULT_DOMAIN),
                    window != null ? TimeSyntax.duration(window) : config.getDuration(CoreserveConfig.HORIZON),
                    start != null ? TimeSyntax.instant(start, Instant.now()) : null,
                    seed, limit);
            pacing = speed != null && speed.speed != null ? Pacing.speed(speed.speed) : Pacing.asFastAsPossible();
        } catch (RuntimeException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        Path path = trace.swf != null ? trace.swf : trace.planetlab;
        TraceEventStream.Format format = trace.swf != null ? TraceEventStream.Format.SWF : TraceEventStream.Format.PLANETLAB;
        if (format == TraceEventStream.Format.SWF ? !Files.isRegularFile(path) : !Files.isDirectory(path)) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    (format == TraceEventStream.Format.SWF ? "Not a file: " : "Not a directory: ") + path);
        }
        if (!noCreateTopics) {
            TopicAdmin.ensureTopics(config, config.getInt(CoreserveConfig.PARTITIONS), (short) 1);
        }
        PrintStream err = System.err;
        ReplaySummary summary;
        try (Admin admin = Admin.create(ClientSettings.admin(config));
             TraceEventStream events = TraceEventStream.open(format, path, options)) {
            TraceSpan span = events instanceof PlanetLabEvents day ? TraceSpan.of(day) : scan(format, path, options);
            if (!targetsKeep(admin, config, span, pacing, err)) {
                return 1;
            }
            CatalogueBarrier barrier = noCatalogueWait ? CatalogueBarrier.NONE : new PipelineCatalogueBarrier(admin,
                    config.require(StreamsConfig.APPLICATION_ID_CONFIG), wait, err);
            try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(producerSettings(config),
                    new StringSerializer(), new ByteArraySerializer())) {
                ProgressPrinter progress = new ProgressPrinter(err, span.events());
                EventEncoder encoder = new EventEncoder(config.topics(), new EventSerdes(config));
                err.printf("replay: %s %s (%s, events %s) to %s, pacing %s%n", format, path, options.domain(), span,
                        config.bootstrapServers(), pacing);
                summary = new TraceReplayer(producer, encoder, pacing, progress, barrier).replay(events);
                progress.finish();
            }
        }
        print(summary, System.out);
        return summary.succeeded() ? 0 : 1;
    }

    private static TraceSpan scan(TraceEventStream.Format format, Path path, MappingOptions options)
            throws java.io.IOException {
        try (TraceEventStream events = TraceEventStream.open(format, path, options)) {
            return TraceSpan.scan(events);
        }
    }

    /**
     * Checks the topics the replay's records and their decisions land on against the trace's event times: prints one
     * line per topic setting that would lose them, with the fix, and answers false unless fixed or forced.
     */
    private boolean targetsKeep(Admin admin, CoreserveConfig config, TraceSpan span, Pacing pacing, PrintStream err)
            throws Exception {
        Topics topics = config.topics();
        java.util.Set<String> existing = admin.listTopics().names().get();
        List<String> targets = java.util.stream.Stream.of(topics.resources(), topics.samples(), topics.requests(),
                topics.decisions(), topics.notifications(), topics.deadLetter()).filter(existing::contains).toList();
        List<RetentionCheck.Refusal> refusals = RetentionCheck.check(TopicAdmin.effectiveSettings(admin, targets), span,
                System.currentTimeMillis(), pacing);
        if (refusals.isEmpty()) {
            return true;
        }
        if (fixTopics) {
            TopicAdmin.fix(admin, refusals.stream().map(RetentionCheck.Refusal::risk).toList());
            refusals.forEach(r -> err.printf("replay: set %s=%s on %s%n", r.risk().setting(), r.risk().recommended(),
                    r.risk().topic()));
            return true;
        }
        for (RetentionCheck.Refusal r : refusals) {
            err.printf("replay: %s %s. Fix: --fix-topics (sets %s=%s), or %s; or --force to send anyway.%n",
                    force ? "warning:" : "refused:", r.reason(), r.risk().setting(), r.risk().recommended(),
                    r.risk().fix(config.bootstrapServers()));
        }
        return force;
    }

    static Properties producerSettings(CoreserveConfig config) {
        Properties props = new Properties();
        // Throughput defaults for a bulk load; the config file may override any of them.
        props.put(ProducerConfig.LINGER_MS_CONFIG, "20");
        props.put(ProducerConfig.BATCH_SIZE_CONFIG, Integer.toString(256 * 1024));
        props.putAll(ClientSettings.producer(config));
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        return props;
    }

    static void print(ReplaySummary summary, PrintStream out) {
        TraceReport trace = summary.trace();
        out.printf("Sent %,d records in %.1f s (%,.0f events/s)%s%n", summary.sent(),
                summary.elapsed().toMillis() / 1000.0, summary.eventsPerSecond(),
                summary.succeeded() ? "" : ", then FAILED: " + (summary.failure() instanceof TraceReplayer.CatalogueNotProcessed
                        ? summary.failure().getMessage() : summary.failure()));
        for (Map.Entry<String, Long> e : summary.sentByTopic().entrySet()) {
            out.printf("  %-32s %,d%n", e.getKey(), e.getValue());
        }
        out.println("Fallbacks:");
        if (trace.fallbacks().isEmpty()) {
            out.println("  none");
        }
        trace.fallbacks().forEach((what, n) -> out.printf("  %-44s %,d%n", what, n));
        out.printf("Skipped: %,d%n", trace.totalSkipped());
        trace.skipped().forEach((why, n) -> out.printf("  %-44s %,d%n", why, n));
        trace.notes().forEach(note -> out.println("Note: " + note));
    }

    /** For manual runs; {@code coreserve replay} once registered in {@link CoreserveCommand}. */
    public static void main(String[] args) {
        System.exit(new CommandLine(new ReplayCommand()).execute(args));
    }

}
