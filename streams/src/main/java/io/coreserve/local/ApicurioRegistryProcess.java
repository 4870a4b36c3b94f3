package io.coreserve.local;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A real Confluent-compatible schema registry, Apicurio Registry 2.4.2 as built by the {@code registry/} module,
 * running as a child JVM on a loopback port; {@link #url()} is the Confluent API base URL.
 *
 * <p>{@link #start(Path)} keeps schemas in Apicurio's default in-memory H2 database: they are lost when the
 * process stops. That is fine for tests, and for development our serde registers its schemas again at start-up
 * (registering the same schema is idempotent: same subject and schema, same id). But ids may differ after a
 * restart, and records kept in Kafka carry the id of the schema they were written with, so {@code coreserve dev},
 * whose broker keeps its data across restarts, should use {@link #startPersistent(Path)}: the same H2 database in
 * a file under {@code <dataDir>/registry}, so that ids stay valid.
 *
 * <pre>{@code
 * try (ApicurioRegistryProcess registry = ApicurioRegistryProcess.start(logDir)) {
 *     String url = registry.url(); // http://127.0.0.1:PORT/apis/ccompat/v7
 * }
 * }</pre>
 */
public final class ApicurioRegistryProcess implements AutoCloseable {

    /** System property naming the {@code quarkus-app} directory that holds {@code quarkus-run.jar}. */
    public static final String HOME_PROPERTY = "coreserve.registry.home";
    /** Environment variable naming the {@code quarkus-app} directory, used when the property is not set. */
    public static final String HOME_ENV = "CORESERVE_REGISTRY_HOME";
    /** Where the build puts it, relative to the project root. */
    public static final String BUILD_OUTPUT = "registry/target/quarkus-app";
    public static final String RUN_JAR = "quarkus-run.jar";
    public static final String LOG_FILE = "registry.log";
    static final String PORT_FILE = "registry.port";
    static final String PID_FILE = "registry.pid";
    public static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(60);

    private static final String CCOMPAT_PATH = "/apis/ccompat/v7";
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(15);
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);

    private final ChildJvm child;
    private final int port;

    private ApicurioRegistryProcess(ChildJvm child, int port) {
        this.child = child;
        this.port = port;
    }

    /**
     * Starts the registry found by {@link #locateHome()} on a free port with in-memory storage, logging to
     * {@code logDir/registry.log}.
     */
    public static ApicurioRegistryProcess start(Path logDir) {
        return start(locateHome(), logDir, Optional.empty(), FreePorts.pick(), DEFAULT_START_TIMEOUT);
    }

    /**
     * Starts the registry found by {@link #locateHome()}, keeping its schemas and its log in
     * {@code dataDir/registry}, so that a later start on the same directory serves the same schemas and ids.
     * The port is kept across restarts while it is free ({@code dataDir/registry/registry.port}), so the URL
     * usually stays the same too.
     */
    public static ApicurioRegistryProcess startPersistent(Path dataDir) {
        Path dir = dataDir.resolve("registry");
        // A registry left running by a run that was killed holds the port and the database: stop it first.
        new PidFile(dir.resolve(PID_FILE)).stopStale("schema registry", STOP_TIMEOUT);
        KeptPort kept = new KeptPort(dir.resolve(PORT_FILE));
        int port = kept.choose();
        kept.keep(port);
        return start(locateHome(), dir, Optional.of(dir), port, DEFAULT_START_TIMEOUT);
    }

    /**
     * Starts the registry in {@code home} (a {@code quarkus-app} directory) on 127.0.0.1:{@code port}, with its
     * H2 database in {@code storageDir} if given (else in memory), and waits until its Confluent API answers, at
     * most {@code startTimeout}.
     */
    public static ApicurioRegistryProcess start(Path home, Path logDir, Optional<Path> storageDir, int port,
            Duration startTimeout) {
        Path jar = home.resolve(RUN_JAR).toAbsolutePath();
        List<String> jvmArgs = new ArrayList<>(List.of(
                // Small and quick to start: it only serves a handful of schemas.
                "-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Dquarkus.http.host=127.0.0.1",
                "-Dquarkus.http.port=" + port));
        storageDir.ifPresent(dir -> jvmArgs.add("-Dquarkus.datasource.jdbc.url=jdbc:h2:file:"
                + dir.toAbsolutePath().normalize().resolve("registry_db")));
        jvmArgs.addAll(List.of("-jar", jar.toString()));
        ChildJvm child = ChildJvm.start("schema registry", jvmArgs, Map.of(), home, logDir.resolve(LOG_FILE),
                STOP_TIMEOUT, Optional.of(logDir.resolve(PID_FILE)));
        ApicurioRegistryProcess registry = new ApicurioRegistryProcess(child, port);
        try {
            registry.awaitReady(startTimeout);
        } catch (RuntimeException e) {
            registry.close();
            throw e;
        }
        return registry;
    }

    private void awaitReady(Duration timeout) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(PROBE_TIMEOUT).build();
        HttpRequest subjects = HttpRequest.newBuilder(URI.create(url() + "/subjects"))
                .timeout(PROBE_TIMEOUT)
                .GET()
                .build();
        child.awaitReady("GET /subjects answered 200", timeout,
                () -> http.send(subjects, HttpResponse.BodyHandlers.discarding()).statusCode() == 200);
    }

    /**
     * From now on, a registry that exits on its own is started again on the same port and storage, with a log
     * line, until it is up or this is closed. With {@link #startPersistent} its schemas and ids survive that.
     */
    public void restartWhenDead() {
        child.restartWhenDead(() -> awaitReady(DEFAULT_START_TIMEOUT));
    }

    /** How many times {@link #restartWhenDead()} has brought the registry back. */
    public int restarts() {
        return child.restarts();
    }

    /**
     * The {@code quarkus-app} directory: system property {@value #HOME_PROPERTY}, else environment variable
     * {@value #HOME_ENV}, else {@value #BUILD_OUTPUT} in the working directory or a directory above it.
     */
    public static Path locateHome() {
        return LocalArtifacts.locate(HOME_PROPERTY, HOME_ENV, BUILD_OUTPUT, RUN_JAR,
                "mvn -B -pl registry -am package");
    }

    /** The Confluent-compatible API, e.g. {@code http://127.0.0.1:PORT/apis/ccompat/v7}, no trailing slash. */
    public String url() {
        return "http://127.0.0.1:" + port + CCOMPAT_PATH;
    }

    public int port() {
        return port;
    }

    public long pid() {
        return child.pid();
    }

    public boolean isAlive() {
        return child.isAlive();
    }

    public Path logFile() {
        return child.logFile();
    }

    /** Stops the registry: SIGTERM, then SIGKILL if it has not exited after 15 s. */
    @Override
    public void close() {
        child.close();
    }
}
