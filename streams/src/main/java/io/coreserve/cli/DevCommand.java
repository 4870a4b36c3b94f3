package io.coreserve.cli;

import io.coreserve.app.CoreserveApp;
import io.coreserve.app.EventProducer;
import io.coreserve.app.KafkaPathWarmup;
import io.coreserve.app.ShutdownSignal;
import io.coreserve.app.TopicAdmin;
import io.coreserve.catalogue.DemoCatalogue;
import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Settings;
import io.coreserve.reservation.ReservationPipeline;
import io.coreserve.local.ApicurioRegistryProcess;
import io.coreserve.local.BrokerSecurity;
import io.coreserve.local.KafkaBrokerProcess;
import io.coreserve.local.KeptPort;
import io.coreserve.serde.RestSchemaRegistryClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.streams.StreamsConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "dev", mixinStandardHelpOptions = true,
        description = {"Run everything on this machine: a real KRaft broker, a schema registry (Apicurio) and the "
                + "pipeline, with a demo catalogue. Data stays under --data-dir and survives a restart. Ctrl-C stops all.",
                "Prints one line 'coreserve ready bootstrap=HOST:PORT registry=URL http=URL' once everything is up."})
public final class DevCommand implements Callable<Integer> {

    private static final Logger LOG = LoggerFactory.getLogger(DevCommand.class);

    /** Where the HTTP port is kept across restarts, as the broker's and the registry's are. */
    static final String HTTP_PORT_FILE = "http.port";
    /** Probes dev's app sends itself at start ({@link Settings#HTTP_WARMUP_PROBES}): about 7 to 8 s of one core on the 2-core machine. */
    static final String DEV_WARMUP_PROBES = "3000";
    /**
     * Requests dev's app sends through its own warm-up pipeline at start ({@link Settings#KAFKA_WARMUP_REQUESTS}),
     * so that the broker's and the app's Kafka paths are compiled before the first users' requests; alongside the
     * probes.
     */
    static final String DEV_WARMUP_REQUESTS = "3000";

    /** The warm-ups dev asks for unless the config file or the environment say otherwise; the benchmark's too. */
    public static Map<String, String> warmupDefaults() {
        // Not the books warm-up (coreserve.engine.warmup-requests): its requests' profile slowed the JIT-compiled
        // engine for the users' own requests afterwards (README, Benchmarks).
        return Map.of(Settings.HTTP_WARMUP_PROBES, DEV_WARMUP_PROBES,
                Settings.KAFKA_WARMUP_REQUESTS, DEV_WARMUP_REQUESTS);
    }

    @Option(names = "--data-dir", paramLabel = "DIR", description = "Where the broker, registry and state stores keep their data (default: ${DEFAULT-VALUE}).")
    Path dataDir = Path.of(".coreserve");

    @Option(names = "--partitions", description = "Partitions per topic when they are first created (default: ${DEFAULT-VALUE}).")
    int partitions = 3;

    @Option(names = "--no-demo", description = "Do not load the demo catalogue.")
    boolean noDemo;

    @Option(names = "--demo-size", description = "Resources in the demo catalogue (default: ${DEFAULT-VALUE}, as in seed 000).")
    int demoSize = 606;

    @Option(names = "--http-port", description = "HTTP port; 0 for any free one (default: the last run's port on this "
            + "data directory while it is free, kept in <data-dir>/" + HTTP_PORT_FILE + ").")
    Integer httpPort;

    @Option(names = "--config", paramLabel = "FILE", description = "Extra settings (coreserve.* and Kafka Streams keys).")
    Path configFile;

    @Override
    public Integer call() throws Exception {
        Files.createDirectories(dataDir);
        Path data = dataDir.toAbsolutePath();
        long started = System.nanoTime();
        BrokerSecurity security = BrokerSecurity.forDataDir(data);
        KeptPort keptHttpPort = new KeptPort(data.resolve(HTTP_PORT_FILE));
        try (ShutdownSignal shutdown = new ShutdownSignal();
                KafkaBrokerProcess broker = KafkaBrokerProcess.start(data, security);
                ApicurioRegistryProcess registry = ApicurioRegistryProcess.startPersistent(data)) {
            // Supervision: a broker or registry that dies is started again on the same port and data; the
            // pipeline's clients reconnect by themselves and /health says DOWN or DEGRADED meanwhile.
            broker.restartWhenDead();
            registry.restartWhenDead();
            // Chosen once the broker and the registry listen: a port picked free before them was released again,
            // and the registry's own pick could then be the same port (seen in CI: the app's HTTP server then could
            // not bind, and dev exited).
            int http = httpPort != null ? httpPort : keptHttpPort.choose();
            Map<String, String> settings = new java.util.LinkedHashMap<>(Map.of(
                    StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                    CoreserveConfig.SCHEMA_REGISTRY_URL, registry.url(),
                    StreamsConfig.STATE_DIR_CONFIG, data.resolve("streams").toString(),
                    CoreserveConfig.PARTITIONS, Integer.toString(partitions),
                    CoreserveConfig.HTTP_PORT, Integer.toString(http),
                    // One local instance: after a restart (or a crash) its old group member must not hold its tasks
                    // for the default 45 s session; 10 s bounds the restart even when the member could not leave.
                    StreamsConfig.consumerPrefix(org.apache.kafka.clients.consumer.ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG),
                    "10000",
                    StreamsConfig.consumerPrefix(org.apache.kafka.clients.consumer.ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG),
                    "3000"));
            // SASL login as the app, and every command's signature checked (see BrokerSecurity).
            settings.putAll(security.pipelineSettings());
            // The one-command local run warms its probe and transaction paths, unless the config file or the
            // environment say otherwise.
            // The Kafka warm-up logs in and signs as the operator, so that ACL and signature checks are warmed too.
            Map<String, String> commandDefaults = new java.util.HashMap<>(warmupDefaults());
            commandDefaults.put(Settings.KAFKA_WARMUP_CREDENTIALS, security.operatorCredentials().toString());
            CoreserveConfig config = CoreserveConfig.load(configFile, System.getenv(), commandDefaults, settings);
            // Like Confluent's registry, refuse schema changes that old records could not be read with.
            new RestSchemaRegistryClient(registry.url()).setCompatibility(null, "BACKWARD");
            TopicAdmin.ensureTopics(ClientSettings.admin(config), config.topics(), partitions, (short) 1);
            security.provision(broker.bootstrapServers(), config.topics());
            security.allowOperatorWarmup(broker.bootstrapServers(), KafkaPathWarmup.requestsTopic(config),
                    KafkaPathWarmup.decisionsTopic(config));
            if (!noDemo) {
                loadDemoCatalogue(config);
            }
            ReservationPipeline pipeline = ReservationPipeline.forConfig(config);
            try (CoreserveApp app = CoreserveApp.start(config, pipeline, Duration.ofMinutes(2))) {
                keptHttpPort.keep(java.net.URI.create(app.http().url()).getPort());
                LOG.info("Everything up in {} ms; data in {}", (System.nanoTime() - started) / 1_000_000, data);
                System.out.println("coreserve ready bootstrap=" + broker.bootstrapServers() + " registry=" + registry.url()
                        + " http=" + app.http().url());
                System.out.flush();
                shutdown.await(app.runner());
                LOG.info("Stopping");
            }
        }
        return 0;
    }

    /** Loads the demo catalogue once: a restart finds it already on the compacted resources topic. */
    private void loadDemoCatalogue(CoreserveConfig config) throws Exception {
        String topic = config.topics().resources();
        try (Admin admin = Admin.create(ClientSettings.admin(config))) {
            var partitionsOf = admin.describeTopics(java.util.List.of(topic)).allTopicNames().get().get(topic).partitions();
            Map<TopicPartition, OffsetSpec> latest = new java.util.HashMap<>();
            partitionsOf.forEach(p -> latest.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest()));
            long records = admin.listOffsets(latest).all().get().values().stream().mapToLong(o -> o.offset()).sum();
            if (records > 0) {
                LOG.info("Catalogue topic {} already holds {} records; demo catalogue not loaded again", topic, records);
                return;
            }
        }
        String domain = config.require(CoreserveConfig.DEFAULT_DOMAIN);
        EventProducer.sendResources(config, DemoCatalogue.generate(demoSize, domain, 606L, Instant.now()));
        LOG.info("Loaded a demo catalogue of {} resources (seed 000 Table 1 statistics) into domain '{}'", demoSize, domain);
    }

}
