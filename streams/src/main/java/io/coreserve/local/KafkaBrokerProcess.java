package io.coreserve.local;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;

/**
 * A real single-node Kafka broker in KRaft combined mode (broker and controller in one process), run as a child
 * JVM ({@code kafka.Kafka server.properties}) from the classpath that the {@code broker/} module copies to
 * {@code broker/target/lib}. {@link #bootstrapServers()} is what clients connect to.
 *
 * <p>Everything lives under {@code <dataDir>/kafka}: the generated {@code server.properties}, the log directory
 * (with {@code meta.properties} and the cluster id), the ports chosen ({@code local-broker.properties}) and
 * {@code broker.log}. The first start formats the storage; later starts on the same directory reuse it, so
 * topics and records survive a restart, and the client port is kept while it is free, so that a client
 * configuration written down before the restart still works.
 *
 * <pre>{@code
 * try (KafkaBrokerProcess kafka = KafkaBrokerProcess.start(dataDir)) {
 *     props.put("bootstrap.servers", kafka.bootstrapServers());
 * }
 * }</pre>
 */
public final class KafkaBrokerProcess implements AutoCloseable {

    /** System property naming the directory of broker jars. */
    public static final String LIB_PROPERTY = "coreserve.broker.lib";
    /** Environment variable naming the directory of broker jars, used when the property is not set. */
    public static final String LIB_ENV = "CORESERVE_BROKER_LIB";
    /** Where the build puts them, relative to the project root. */
    public static final String BUILD_OUTPUT = "broker/target/lib";
    public static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(60);

    static final String HOME = "kafka";
    static final String LOG_FILE = "broker.log";
    static final String STATE_FILE = "local-broker.properties";
    static final String PID_FILE = "broker.pid";

    private static final String MARKER_JAR = "kafka_2.13-";
    private static final Duration FORMAT_TIMEOUT = Duration.ofSeconds(60);
    // A clean shutdown of a single combined node takes a few seconds; an unclean one only costs log recovery.
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    private static final int NODE_ID = 1;
    static final long DEDUPE_BUFFER_BYTES = 32L << 20;
    /** How long the broker itself retries adding a partition to a transaction (see serverProperties). */
    static final int TXN_RETRY_MAX_MS = 1000;
    static final int TXN_RETRY_BACKOFF_MS = 5;

    private final ChildJvm child;
    private final Path home;
    private final int port;
    private final String clusterId;
    private final BrokerSecurity security;

    private KafkaBrokerProcess(ChildJvm child, Path home, int port, String clusterId, BrokerSecurity security) {
        this.child = child;
        this.home = home;
        this.port = port;
        this.clusterId = clusterId;
        this.security = security;
    }

    /** Starts a broker on {@code dataDir} with the jars found by {@link #locateLib()}. */
    public static KafkaBrokerProcess start(Path dataDir) {
        return start(locateLib(), dataDir, DEFAULT_START_TIMEOUT);
    }

    /** Starts a broker with SASL and ACLs ({@link BrokerSecurity}); clients log in with its credentials. */
    public static KafkaBrokerProcess start(Path dataDir, BrokerSecurity security) {
        return start(locateLib(), dataDir, DEFAULT_START_TIMEOUT, security);
    }

    /** Without authentication: one PLAINTEXT listener, everybody may do everything. */
    public static KafkaBrokerProcess start(Path libDir, Path dataDir, Duration startTimeout) {
        return start(libDir, dataDir, startTimeout, null);
    }

    /**
     * Starts a broker whose state lives in {@code dataDir/kafka}, formatting it first if it is new, and waits
     * (at most {@code startTimeout}) until it answers an admin client's {@code describeCluster}.
     */
    public static KafkaBrokerProcess start(Path libDir, Path dataDir, Duration startTimeout, BrokerSecurity security) {
        Path home = dataDir.resolve(HOME).toAbsolutePath().normalize();
        Path logDirs = home.resolve("data");
        Path logFile = home.resolve(LOG_FILE);
        Path pidFile = home.resolve(PID_FILE);
        // A broker left running by a run that was killed holds the lock and the ports: stop it first.
        new PidFile(pidFile).stopStale("kafka broker", STOP_TIMEOUT);
        failIfInUse(logDirs, pidFile);
        State previous = State.read(home.resolve(STATE_FILE));
        boolean formatted = Files.exists(logDirs.resolve("meta.properties"));

        int port = FreePorts.preferring(previous.clientPort());
        int controllerPort = FreePorts.preferring(previous.controllerPort());
        if (controllerPort == port) {
            controllerPort = FreePorts.pick();
        }
        // A new cluster gets the same kind of id as `kafka-storage.sh random-uuid`, without a JVM started for it.
        String clusterId = formatted ? State.clusterIdOf(logDirs.resolve("meta.properties"))
                : Uuid.randomUuid().toString();
        new State(clusterId, port, controllerPort).write(home.resolve(STATE_FILE));

        Path serverProperties = home.resolve("server.properties");
        Path log4j = home.resolve("log4j2.xml");
        writeString(serverProperties, serverProperties(logDirs, port, controllerPort, security));
        if (security != null) {
            BrokerSecurity.ownerOnly(serverProperties); // it holds the app's password
        }
        writeString(log4j, LOG4J2_XML);

        List<String> jvmBase = List.of(
                "-Xmx512m",
                "-XX:+ExitOnOutOfMemoryError",
                "-Djava.awt.headless=true",
                "-Dlog4j2.configurationFile=" + log4j.toUri(),
                "-cp", libDir.toAbsolutePath().resolve("*").toString());
        if (!formatted) {
            List<String> format = new ArrayList<>(jvmBase);
            format.addAll(List.of("kafka.tools.StorageTool", "format", "-t", clusterId,
                    "-c", serverProperties.toString(), "--standalone"));
            ChildJvm.run("kafka storage format", format, home, logFile, FORMAT_TIMEOUT);
        }
        List<String> server = new ArrayList<>(List.of(
                // The JIT's thresholds at a tenth (the server only, not the one-off format tool): C2 compiles the
                // broker's produce, transaction-marker and fetch paths during the app's Kafka warm-up rather than while
                // the first users' transactions wait (the first run at 100 requests/s after `dev`'s start, five pairs:
                // p99 42.8 to 65.7 ms against 52.5 to 79.1 as built; in the app's JVM too, it made that run's first
                // seconds worse: README, Benchmarks).
                "-XX:CompileThresholdScaling=0.1",
                // No class unloading in G1's remark pause: it took 13 to 50 ms of every remark, with a concurrent
                // cycle every 5 to 20 s under load, and freed nothing (a run's metaspace never shrank; it grew 31 KB
                // in its last 35 s). Remarks 1 to 4 ms without it; a full collection still unloads (README,
                // Benchmarks).
                "-XX:-ClassUnloadingWithConcurrentMark"));
        server.addAll(jvmBase);
        server.addAll(List.of("kafka.Kafka", serverProperties.toString()));
        ChildJvm child = ChildJvm.start("kafka broker", server, Map.of(), home, logFile, STOP_TIMEOUT,
                Optional.of(pidFile));
        KafkaBrokerProcess broker = new KafkaBrokerProcess(child, home, port, clusterId, security);
        try {
            broker.awaitReady(startTimeout);
        } catch (RuntimeException e) {
            broker.close();
            throw e;
        }
        return broker;
    }

    /**
     * The directory of broker jars: system property {@value #LIB_PROPERTY}, else environment variable
     * {@value #LIB_ENV}, else {@value #BUILD_OUTPUT} in the working directory or a directory above it.
     */
    public static Path locateLib() {
        Path lib = LocalArtifacts.locate(LIB_PROPERTY, LIB_ENV, BUILD_OUTPUT, ".", "mvn -B -pl broker -am package");
        try (var jars = Files.list(lib)) {
            if (jars.noneMatch(jar -> jar.getFileName().toString().startsWith(MARKER_JAR))) {
                throw new IllegalStateException(lib + " holds no " + MARKER_JAR + "*.jar. Build it from the project "
                        + "root with: mvn -B -pl broker -am package");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return lib;
    }

    /**
     * Kafka holds a file lock on {@code <log.dirs>/.lock} while it runs. Checking it first gives a clear error,
     * and keeps us from rewriting the configuration and chosen ports of a broker that is still running.
     */
    private static void failIfInUse(Path logDirs, Path pidFile) {
        Path lockFile = logDirs.resolve(".lock");
        if (!Files.exists(lockFile)) {
            return;
        }
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE);
                FileLock lock = channel.tryLock()) {
            if (lock == null) {
                throw new IllegalStateException("a Kafka broker is already running on " + logDirs
                        + " (its .lock is held; " + pidFile + " may say by which process); stop it first");
            }
        } catch (OverlappingFileLockException e) {
            throw new IllegalStateException("a Kafka broker started by this JVM is already running on " + logDirs, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot check " + lockFile, e);
        }
    }


    private void awaitReady(Duration timeout) {
        Instant deadline = Instant.now().plus(timeout);
        // First the TCP port, so that the admin client does not log a warning per refused connection.
        child.awaitReady("client port open", timeout, () -> {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 1_000);
                return true;
            }
        });
        Map<String, Object> adminSettings = new java.util.HashMap<>(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 5_000));
        if (security != null) {
            adminSettings.putAll(security.appClientSettings());
        }
        try (Admin admin = Admin.create(adminSettings)) {
            Duration left = Duration.between(Instant.now(), deadline);
            child.awaitReady("describeCluster answered", left.isNegative() ? Duration.ZERO : left,
                    () -> !admin.describeCluster().nodes().get(5, TimeUnit.SECONDS).isEmpty());
        }
    }

    private static String serverProperties(Path logDirs, int port, int controllerPort, BrokerSecurity security) {
        // With security, both listeners speak SASL (see BrokerSecurity for which mechanism and why).
        String client = security == null ? "PLAINTEXT" : BrokerSecurity.CLIENT_PROTOCOL;
        String controller = security == null ? "PLAINTEXT" : "SASL_PLAINTEXT";
        return String.join("\n",
                "# Written by " + KafkaBrokerProcess.class.getName() + " at every start; edits are lost.",
                "process.roles=broker,controller",
                "node.id=" + NODE_ID,
                "controller.quorum.bootstrap.servers=127.0.0.1:" + controllerPort,
                "listeners=" + client + "://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                "advertised.listeners=" + client + "://127.0.0.1:" + port,
                "controller.listener.names=CONTROLLER",
                "inter.broker.listener.name=" + client,
                "listener.security.protocol.map=CONTROLLER:" + controller + "," + client + ":" + client,
                "log.dirs=" + logDirs,
                "num.partitions=1",
                // One node: every internal topic has one replica.
                "offsets.topic.replication.factor=1",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "share.coordinator.state.topic.replication.factor=1",
                "share.coordinator.state.topic.min.isr=1",
                "group.initial.rebalance.delay.ms=0",
                // A transaction's first write to a partition whose previous transaction's markers are not written yet
                // is retried here in the broker, every 5 ms (Kafka: 20; such a write then waits for the markers and at
                // most 5 ms more) for up to 1 s (Kafka: 100 ms) of wall time.
                // On the 2-core machine a 60 to 100 ms stall of every process (measured from a sleeper that wakes
                // every 5 ms) used up Kafka's 100 ms while the markers waited for CPU: the producer then got
                // CONCURRENT_TRANSACTIONS, its pipelined writes OUT_OF_ORDER_SEQUENCE_NUMBER, and the stream thread
                // retried for another 100 ms and more (11 of 109 recorded first runs against dev, none of them with
                // p99 at or under 50 ms, median 109 against 57 for the others; README, Benchmarks).
                "add.partitions.to.txn.retry.backoff.max.ms=" + TXN_RETRY_MAX_MS,
                "add.partitions.to.txn.retry.backoff.ms=" + TXN_RETRY_BACKOFF_MS,
                // The log cleaner's dedupe map is one heap array of this size, allocated at start and held for good:
                // Kafka's 128 MiB default was three quarters of this broker's live heap under load (about 176 MB), for
                // a local stack's few keys. 32 MiB dedupes 1.2 million keys per cleaning pass (24 bytes a key at 90 %
                // load); more keys take more passes (README, Benchmarks).
                "log.cleaner.dedupe.buffer.size=" + DEDUPE_BUFFER_BYTES,
                // Our topics are created explicitly, with their configuration; a typo must not create one.
                "auto.create.topics.enable=false",
                security == null ? "" : security.serverProperties());
    }

    /** Quiet: warnings and errors to stdout, which the launcher appends to broker.log. */
    private static final String LOG4J2_XML = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Configuration status="WARN">
              <Appenders>
                <Console name="out" target="SYSTEM_OUT">
                  <PatternLayout pattern="[%d] %p %m (%c)%n"/>
                </Console>
              </Appenders>
              <Loggers>
                <Logger name="kafka.server.KafkaRaftServer" level="INFO"/>
                <Root level="WARN">
                  <AppenderRef ref="out"/>
                </Root>
              </Loggers>
            </Configuration>
            """;

    private static void writeString(Path file, String content) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** What a later start on the same data directory reuses. */
    private record State(String clusterId, int clientPort, int controllerPort) {

        static State read(Path file) {
            if (!Files.exists(file)) {
                return new State(null, 0, 0);
            }
            Properties props = load(file);
            return new State(props.getProperty("cluster.id"), intOf(props, "client.port"),
                    intOf(props, "controller.port"));
        }

        static String clusterIdOf(Path metaProperties) {
            return load(metaProperties).getProperty("cluster.id");
        }

        private static Properties load(Path file) {
            Properties props = new Properties();
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                props.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file, e);
            }
            return props;
        }

        private static int intOf(Properties props, String key) {
            try {
                return Integer.parseInt(props.getProperty(key, "0").trim());
            } catch (NumberFormatException e) {
                return 0;
            }
        }

        void write(Path file) {
            Properties props = new Properties();
            props.setProperty("cluster.id", clusterId);
            props.setProperty("client.port", Integer.toString(clientPort));
            props.setProperty("controller.port", Integer.toString(controllerPort));
            try {
                Files.createDirectories(file.getParent());
                try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                    props.store(out, "Chosen by " + KafkaBrokerProcess.class.getSimpleName()
                            + "; the ports are reused while they are free");
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + file, e);
            }
        }
    }

    /** {@code 127.0.0.1:PORT}. */
    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    public String clusterId() {
        return clusterId;
    }

    /** Null for a broker without authentication. */
    public BrokerSecurity security() {
        return security;
    }

    /** {@code <dataDir>/kafka}: configuration, log directory, chosen ports and {@code broker.log}. */
    public Path home() {
        return home;
    }

    public long pid() {
        return child.pid();
    }

    public boolean isAlive() {
        return child.isAlive();
    }

    /**
     * From now on, a broker that exits on its own (crash, OOM, kill) is started again on the same ports and data
     * directory, with a log line, until it is up or this is closed. Clients reconnect by themselves.
     */
    public void restartWhenDead() {
        child.restartWhenDead(() -> awaitReady(DEFAULT_START_TIMEOUT));
    }

    /** How many times {@link #restartWhenDead()} has brought the broker back. */
    public int restarts() {
        return child.restarts();
    }

    public Path logFile() {
        return child.logFile();
    }

    /** Stops the broker: SIGTERM (a controlled shutdown), then SIGKILL if it has not exited after 30 s. */
    @Override
    public void close() {
        child.close();
    }
}
