package io.coreserve.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.coreserve.app.CoreserveApp;
import io.coreserve.bench.DecisionsChecker;
import io.coreserve.bench.EmbeddedPipeline;
import io.coreserve.bench.Percentiles;
import io.coreserve.bench.PipelineBenchmark;
import io.coreserve.bench.ProbeTiming;
import io.coreserve.bench.SoakBenchmark;
import io.coreserve.bench.SoakReport;
import io.coreserve.bench.TopicSnapshot;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.topology.EventSerdes;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.apache.kafka.streams.StreamsConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code coreserve bench}: benchmarks of the running system. */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Benchmarks of the running system.",
        subcommands = {BenchCommand.Pipeline.class})
public final class BenchCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new BenchCommand()).execute(args));
    }

    @Command(name = "pipeline", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"End-to-end latency (request produced -> decision read, read_committed) at a fixed rate, "
                    + "and the highest sustained rate (closed loop), of the pipeline with exactly-once on, through the "
                    + "broker. Collective requests of N resources in the style of seed 000 section 4.2 (see "
                    + "io.coreserve.bench.BenchWorkload). Progress on stderr, the table on stdout.",
                    "Either --bootstrap B --registry R [--config FILE] to drive a running pipeline (e.g. coreserve dev, "
                            + "with its demo catalogue), or --embedded to start a broker, a registry and the pipeline "
                            + "here (a fresh pipeline and 606-node catalogue per --commit-intervals value)."})
    static final class Pipeline implements Callable<Integer> {

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--embedded", description = "Start a broker and a registry (child JVMs) and the pipeline here, with dev's "
                + "warm-ups (waited for before measuring; --set coreserve.http.warmup-probes=0 and "
                + "coreserve.kafka.warmup-requests=0 turn them off).")
        boolean embedded;

        @Option(names = "--bootstrap", paramLabel = "HOST:PORT", description = "Broker of a running pipeline.")
        String bootstrap;

        @Option(names = "--registry", paramLabel = "URL", description = "Schema registry of a running pipeline.")
        String registry;

        @Option(names = "--config", paramLabel = "FILE", description = "Settings (topic names, client settings; with "
                + "--embedded also the app's, e.g. commit.interval.ms).")
        Path configFile;

        @Option(names = "--set", paramLabel = "KEY=VALUE", description = "An app setting for --embedded, e.g. "
                + "--set producer.linger.ms=0 (repeatable).")
        Map<String, String> settings = new LinkedHashMap<>();

        @Option(names = "--commit-intervals", split = ",", paramLabel = "MS[,MS...]", description = "With --embedded: "
                + "one run per commit.interval.ms value, each on a fresh pipeline (default: the configured one).")
        List<Integer> commitIntervals = new ArrayList<>();

        @Option(names = "--resources", description = "Catalogue size with --embedded (default: ${DEFAULT-VALUE}).")
        int resources = 606;

        @Option(names = "--partitions", description = "Topic partitions with --embedded (default: ${DEFAULT-VALUE}).")
        int partitions = 3;

        @Option(names = "--n", description = "N, resources per request (default: ${DEFAULT-VALUE}).")
        int n = 5;

        @Option(names = "--rate", description = "Requests per second of the latency run (default: ${DEFAULT-VALUE}).")
        int rate = 100;

        @Option(names = "--warmup", paramLabel = "SECONDS", description = "Warm-up at --rate (default: ${DEFAULT-VALUE}).")
        int warmup = 10;

        @Option(names = "--duration", paramLabel = "SECONDS", description = "Measured at --rate (default: ${DEFAULT-VALUE}).")
        int duration = 30;

        @Option(names = "--max-warmup", paramLabel = "SECONDS", description = "Warm-up of the closed loop (default: ${DEFAULT-VALUE}).")
        int maxWarmup = 5;

        @Option(names = "--max-duration", paramLabel = "SECONDS", description = "Measured closed loop (default: ${DEFAULT-VALUE}).")
        int maxDuration = 20;

        @Option(names = "--latencies", paramLabel = "FILE", description = "Append every decided request's latency "
                + "to FILE as CSV (run, phase, ms since the run's first request, latency ms), to place a tail in time.")
        Path latencies;

        @Option(names = "--window", description = "Most requests undecided at once in the closed loop (default: ${DEFAULT-VALUE}).")
        int window = 500;

        @Option(names = "--spread-hours", description = "Earliest starts spread uniformly over this many hours from "
                + "now (default: ${DEFAULT-VALUE}, 7 days, so that the books do not fill up during the run).")
        int spreadHours = 168;

        @Option(names = "--seed", description = "Seed of the requests (default: ${DEFAULT-VALUE}).")
        long seed = 42L;

        @Option(names = "--data-dir", paramLabel = "DIR", description = "With --embedded: where the broker, registry "
                + "and state live, kept afterwards (default: a new temporary directory, removed afterwards).")
        Path dataDir;

        @Option(names = "--check", description = "Afterwards, read the decisions and catalogue topics and check them "
                + "with the independent DecisionsChecker (no over-commitment, one first decision per request).")
        boolean check;

        @Option(names = "--json", paramLabel = "FILE", description = "Also write the results as JSON.")
        Path json;

        @Option(names = "--soak", description = "Instead of the latency and closed-loop runs: fill the books first "
                + "(--fill decisions, closed loop), then hold --soak-rate requests/s for --soak-minutes, a row every "
                + "--soak-interval seconds (decisions/s, p50/p99/max latency, backlog, consumer lag), and time /probe "
                + "on empty and on full books (--http, or the embedded pipeline's own).")
        boolean soak;

        @Option(names = "--fill", description = "Soak: decisions to fill the books with first (default: ${DEFAULT-VALUE}).")
        int fill = 200_000;

        @Option(names = "--soak-rate", description = "Soak: requests per second once full (default: ${DEFAULT-VALUE}).")
        int soakRate = 1_000;

        @Option(names = "--soak-minutes", description = "Soak: minutes measured once full (default: ${DEFAULT-VALUE}).")
        double soakMinutes = 10;

        @Option(names = "--soak-interval", paramLabel = "SECONDS", description = "Soak: seconds per row of the table "
                + "(default: ${DEFAULT-VALUE}).")
        int soakInterval = 30;

        @Option(names = "--soak-linger-ms", paramLabel = "MS", description = "Soak: the request producer gathers the "
                + "requests of this many milliseconds into one send, as a gateway forwarding many users' requests "
                + "does, and the sender wakes once per that many milliseconds to send what fell due (default: "
                + "${DEFAULT-VALUE}; 0: each request sent when due, its own produce request, which at 1,000/s costs "
                + "the benchmark's own client and the broker about a fifth of a core more on the pipeline's cores).")
        int soakLingerMillis = 5;

        @Option(names = "--probes", description = "Soak: /probe calls timed on empty and on full books "
                + "(default: ${DEFAULT-VALUE}; 0: none).")
        int probes = 10;

        @Option(names = "--credentials", paramLabel = "DIR", description = "Without --embedded: the credentials "
                + "directory of the running pipeline's operator (default: ./.coreserve/credentials when it belongs to "
                + "the cluster; or " + io.coreserve.identity.AuthSettings.CREDENTIALS + ").")
        Path credentials;

        @Option(names = "--http", paramLabel = "URL", description = "HTTP address of a running pipeline, for /probe "
                + "(e.g. the http= of dev's ready line).")
        String http;

        @Override
        public Integer call() throws Exception {
            if (soakLingerMillis < 0) {
                // Checked here: the producer would refuse it only after the stack and the pipeline had started.
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--soak-linger-ms must be 0 or more, not " + soakLingerMillis);
            }
            PrintStream progress = System.err;
            PipelineBenchmark.Options options = new PipelineBenchmark.Options(rate, Duration.ofSeconds(warmup),
                    Duration.ofSeconds(duration), Duration.ofSeconds(maxWarmup), Duration.ofSeconds(maxDuration),
                    window, n, Duration.ofHours(spreadHours), seed, Duration.ofSeconds(60), latencies);
            List<Row> rows = new ArrayList<>();
            if (embedded) {
                Path dir = dataDir != null ? dataDir : Files.createTempDirectory("coreserve-bench");
                progress.println("starting a broker and a registry in " + dir);
                try (TemporaryDir temporary = dataDir != null ? null : new TemporaryDir(dir, progress);
                        EmbeddedPipeline stack = EmbeddedPipeline.start(dir)) {
                    if (temporary != null) {
                        temporary.removeAtExit(stack);                // also when stopped by Ctrl-C or SIGTERM
                    }
                    List<Integer> intervals = commitIntervals.isEmpty() ? java.util.Arrays.asList((Integer) null)
                            : commitIntervals;
                    for (Integer ci : intervals) {
                        // Started as dev starts its app, warm-ups included: "the first run after start" is what a
                        // user meets after dev's ready line and warm-up (--set ...=0 turns them off).
                        Map<String, String> overrides = new LinkedHashMap<>(DevCommand.warmupDefaults());
                        overrides.putAll(fileSettings());
                        overrides.put(CoreserveConfig.PARTITIONS, Integer.toString(partitions));
                        overrides.putAll(settings);
                        if (ci != null) {
                            overrides.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, ci.toString());
                        }
                        String name = "bench-" + Long.toString(System.currentTimeMillis(), 36);
                        CoreserveConfig config = stack.config(name, overrides);
                        String label = "commit.interval.ms=" + config.get(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG);
                        progress.printf("[%s] starting the pipeline with %d resources%n", label, resources);
                        try (CoreserveApp app = stack.startApp(config, resources)) {
                            awaitWarmups(app, label, progress);
                            if (soak) {
                                soaks.add(soak(config, app.http().url(), progress).run(label));
                            } else {
                                rows.add(new Row(resources, config.get(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG),
                                        new PipelineBenchmark(config, options, progress).run(label)));
                            }
                        }
                        if (check && !check(config, progress)) {
                            failed = true;
                        }
                    }
                }
            } else {
                if (bootstrap == null || registry == null) {
                    throw new CommandLine.ParameterException(new CommandLine(this),
                            "give --bootstrap and --registry of a running pipeline, or --embedded");
                }
                Map<String, String> overrides = new LinkedHashMap<>(settings);
                overrides.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
                overrides.put(CoreserveConfig.SCHEMA_REGISTRY_URL, registry);
                // Against dev: log in and sign as its operator, since the workload's users are made up.
                CoreserveConfig unauthenticated = CoreserveConfig.load(configFile, System.getenv(), overrides);
                overrides.putAll(io.coreserve.identity.ClientIdentity.resolve(credentials,
                        unauthenticated.get(io.coreserve.identity.AuthSettings.CREDENTIALS), bootstrap, null,
                        io.coreserve.identity.ClientIdentity.Role.OPERATOR).settings());
                CoreserveConfig config = CoreserveConfig.load(configFile, System.getenv(), overrides);
                TopicSnapshot.Snapshot<io.coreserve.events.Resource> catalogue = TopicSnapshot.read(config,
                        config.topics().resources(), new EventSerdes(config).resources().deserializer(),
                        Duration.ofSeconds(60));
                int count = (int) catalogue.values().stream().map(r -> r.getDomain() + "/" + r.getId()).distinct()
                        .count();
                progress.printf("driving the pipeline at %s (%d resources in its catalogue%s)%n", bootstrap, count,
                        catalogue.undecodable() == 0 ? ""
                                : ", " + catalogue.undecodable() + " undecodable catalogue records skipped");
                if (soak) {
                    soaks.add(soak(config, http, progress).run("external"));
                } else {
                    rows.add(new Row(count, "(as running)",
                            new PipelineBenchmark(config, options, progress).run("external")));
                }
                if (check && !check(config, progress)) {
                    failed = true;
                }
            }
            if (soak) {
                soaks.forEach(r -> SoakReport.print(r, System.out));
                if (json != null) {
                    SoakReport.writeJson(soaks, json);
                }
                return failed ? 1 : 0;
            }
            print(rows, System.out);
            if (json != null) {
                writeJson(rows);
            }
            return failed ? 1 : 0;
        }

        private final List<SoakBenchmark.Result> soaks = new ArrayList<>();

        private SoakBenchmark soak(CoreserveConfig config, String httpBase, PrintStream progress) {
            if (httpBase == null) {
                progress.println("no --http given: /probe is not timed");
            }
            SoakBenchmark.Options options = new SoakBenchmark.Options(fill, window, soakRate,
                    Duration.ofMillis(Math.round(soakMinutes * 60_000)), Duration.ofSeconds(soakInterval), n,
                    Duration.ofHours(spreadHours), seed, probes, Duration.ofSeconds(120), soakLingerMillis);
            return new SoakBenchmark(config, options, httpBase == null ? null : new ProbeTiming(httpBase), progress);
        }

        private boolean failed;

        private static boolean check(CoreserveConfig config, PrintStream progress) {
            EventSerdes serdes = new EventSerdes(config);
            progress.println("checking the decisions topic " + config.topics().decisions());
            var catalogue = TopicSnapshot.read(config, config.topics().resources(), serdes.resources().deserializer(),
                    Duration.ofMinutes(2));
            var decisions = TopicSnapshot.read(config, config.topics().decisions(), serdes.decisions().deserializer(),
                    Duration.ofMinutes(5));
            if (catalogue.undecodable() + decisions.undecodable() > 0) {
                progress.printf("skipped %d undecodable catalogue and %d undecodable decision records%n",
                        catalogue.undecodable(), decisions.undecodable());
            }
            DecisionsChecker.Report report = DecisionsChecker.check(catalogue.values(), decisions.values());
            progress.println((report.ok() ? "check OK: " : "CHECK FAILED: ") + report.summary());
            return report.ok();
        }

        /** Waits for the app's warm-ups, as a measurement against dev waits for its {@code warm-up done} line. */
        private static void awaitWarmups(CoreserveApp app, String label, PrintStream progress)
                throws InterruptedException {
            if (app.warmup() == null && app.kafkaWarmup() == null) {
                return;
            }
            progress.printf("[%s] waiting for the app's warm-up (probes, Kafka paths), as dev's%n", label);
            long start = System.nanoTime();
            if (!app.awaitWarmups(Duration.ofMinutes(10))) {
                progress.printf("[%s] the warm-up did not end within 10 minutes; measuring anyway%n", label);
            }
            progress.printf("[%s] warm-up done after %d s%n", label, (System.nanoTime() - start) / 1_000_000_000L);
        }

        private Map<String, String> fileSettings() throws java.io.IOException {
            Map<String, String> result = new LinkedHashMap<>();
            if (configFile != null) {
                java.util.Properties p = new java.util.Properties();
                try (var reader = Files.newBufferedReader(configFile)) {
                    p.load(reader);
                }
                p.forEach((k, v) -> result.put(k.toString(), v.toString()));
            }
            return result;
        }

        record Row(int resources, String commitInterval, PipelineBenchmark.Result result) {
        }

        static void print(List<Row> rows, PrintStream out) {
            out.println();
            out.println("| resources | N | commit.interval.ms | rate/s | requests | latency p50 ms | p99 ms | max ms "
                    + "| engine p50/p99 ms | statuses (both runs) | max sustained decisions/s | closed-loop p50/p99 ms "
                    + "(window) | engine p50/p99 ms |");
            out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
            for (Row row : rows) {
                PipelineBenchmark.Result r = row.result();
                out.printf("| %d | %d | %s | %d | %d%s | %.1f | %.1f | %.1f | %.2f / %.2f | %s | %.0f | %.0f / %.0f (%d) "
                                + "| %.2f / %.2f |%n",
                        row.resources(), r.n(), row.commitInterval(), r.rate(), r.sent(),
                        r.undecided() > 0 ? " (" + r.undecided() + " undecided)" : "", r.latency().p50(),
                        r.latency().p99(), r.latency().max(), r.engine().p50(), r.engine().p99(), r.statuses(),
                        r.maxSustainedPerSecond(), r.closedLoopLatency().p50(), r.closedLoopLatency().p99(), r.window(),
                        r.closedLoopEngine().p50(), r.closedLoopEngine().p99());
            }
        }

        private void writeJson(List<Row> rows) throws java.io.IOException {
            List<Map<String, Object>> runs = rows.stream().map(Pipeline::toJson).toList();
            Map<String, Object> top = new LinkedHashMap<>(runs.get(0));
            if (runs.size() > 1) {
                top.put("runs", runs);
            }
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json.toFile(), top);
        }

        private static Map<String, Object> toJson(Row row) {
            PipelineBenchmark.Result r = row.result();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("resources", row.resources());
            m.put("n", r.n());
            m.put("rate", r.rate());
            m.put("latencyMillis", latency(r.latency()));
            m.put("maxSustainedPerSecond", r.maxSustainedPerSecond());
            m.put("commitIntervalMs", row.commitInterval());
            m.put("requests", r.sent());
            m.put("undecided", r.undecided());
            m.put("statuses", r.statuses());
            m.put("engineMillis", latency(r.engine()));
            m.put("closedLoopWindow", r.window());
            m.put("closedLoopLatencyMillis", latency(r.closedLoopLatency()));
            m.put("closedLoopEngineMillis", latency(r.closedLoopEngine()));
            return m;
        }

        private static Map<String, Object> latency(Percentiles p) {
            Map<String, Object> m = new LinkedHashMap<>();
            Stream.of("p50", "p99", "max").forEach(k -> m.put(k, switch (k) {
                case "p50" -> p.p50();
                case "p99" -> p.p99();
                default -> p.max();
            }));
            return m;
        }
    }
}
