package io.coreserve.app;

import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.console.ConsoleRoutes;
import io.coreserve.http.HttpApi;
import io.coreserve.http.HttpApi.Response;
import io.coreserve.http.HttpSettings;
import io.coreserve.http.QueryForwarding;
import io.coreserve.config.Settings;
import io.coreserve.topology.CoreserveTopology;
import io.coreserve.topology.EventSerdes;
import io.coreserve.topology.PipelineTopology;
import io.coreserve.topology.DomainEventHandler;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.state.HostInfo;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.StoreBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The running service: the topics, the pipeline on Kafka Streams, and the HTTP endpoint. */
public final class CoreserveApp implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(CoreserveApp.class);

    private final CoreserveConfig config;
    private final StreamsRunner runner;
    private final HttpApi http;
    private final DependencyHealth dependencies;
    /** What the routes hold open (the console's producer and feed consumer). */
    private AutoCloseable routeResources = () -> { };
    private io.coreserve.http.ProbeWarmup warmup;
    private KafkaPathWarmup kafkaWarmup;
    private io.coreserve.reservation.BooksWarmup booksWarmup;

    private CoreserveApp(CoreserveConfig config, StreamsRunner runner, HttpApi http) {
        this.config = config;
        this.runner = runner;
        this.http = http;
        this.dependencies = new DependencyHealth(config);
    }


    /**
     * The application's topology ({@link CoreserveTopology}: the reservation pipeline and, unless
     * {@code coreserve.offers.enabled=false}, the offers protocol of seed 001) with the HTTP queries.
     */
    public static CoreserveApp start(CoreserveConfig config, io.coreserve.reservation.ReservationPipeline pipeline,
            Duration startTimeout) throws Exception {
        var started = new java.util.concurrent.atomic.AtomicReference<io.coreserve.reservation.ReservationQueries>();
        CoreserveApp app = start(config, CoreserveTopology.build(config, pipeline), startTimeout, (http, streams, self) -> {
            var queries = pipeline.queries(name -> streams.store(
                    org.apache.kafka.streams.StoreQueryParameters.fromNameAndType(name,
                            org.apache.kafka.streams.state.QueryableStoreTypes.keyValueStore())));
            var forwarding = new QueryForwarding(streams, io.coreserve.reservation.ReservationPipeline.CATALOGUE_STORE,
                    self, config.getDuration(Settings.HTTP_FORWARD_TIMEOUT));
            io.coreserve.http.QueryRoutes.register(http, queries, forwarding,
                    config.require(CoreserveConfig.DEFAULT_DOMAIN), System::currentTimeMillis, streams::metrics);
            java.util.function.Supplier<org.apache.kafka.streams.state.ReadOnlyKeyValueStore<String,
                    io.coreserve.events.ReservationDecision>> decisions = () -> streams.store(
                    org.apache.kafka.streams.StoreQueryParameters.fromNameAndType(
                            io.coreserve.reservation.ReservationPipeline.RESERVATIONS_STORE,
                            org.apache.kafka.streams.state.QueryableStoreTypes.keyValueStore()));
            io.coreserve.http.ReservationListRoutes.register(http, decisions, forwarding);
            AutoCloseable metrics = io.coreserve.metrics.PrometheusMetrics.register(http, streams, config);
            AutoCloseable console = ConsoleRoutes.register(http, queries, decisions, forwarding, config,
                    System::currentTimeMillis);
            started.set(queries);
            return () -> {
                console.close();
                metrics.close();
            };
        });
        int warmupProbes = config.getInt(Settings.HTTP_WARMUP_PROBES);
        if (warmupProbes > 0) {
            String domain = config.require(CoreserveConfig.DEFAULT_DOMAIN);
            var queries = started.get();
            app.warmup = io.coreserve.http.ProbeWarmup.start(app.http.url(), domain, warmupProbes,
                    () -> queries.isLive(domain), () -> queries.resources(domain));
        }
        int warmupRequests = config.getInt(Settings.KAFKA_WARMUP_REQUESTS);
        if (warmupRequests > 0) {
            app.kafkaWarmup = KafkaPathWarmup.start(config, warmupRequests);
        }
        int booksWarmupRequests = config.getInt(Settings.BOOKS_WARMUP_REQUESTS);
        if (booksWarmupRequests > 0) {
            String domain = config.require(CoreserveConfig.DEFAULT_DOMAIN);
            var queries = started.get();
            app.booksWarmup = io.coreserve.reservation.BooksWarmup.start(
                    io.coreserve.reservation.ReservationSettings.from(config), domain, booksWarmupRequests,
                    () -> queries.isLive(domain), () -> queries.resources(domain));
        }
        if (app.warmup != null || app.kafkaWarmup != null || app.booksWarmup != null) {
            Thread reporter = new Thread(app::reportWarmupDone, "coreserve-warmup-done");
            reporter.setDaemon(true);
            reporter.start();
        }
        return app;
    }

    /** The probe warm-up started with the app ({@value Settings#HTTP_WARMUP_PROBES}), or null when there is none. */
    public io.coreserve.http.ProbeWarmup warmup() {
        return warmup;
    }

    /** The Kafka warm-up started with the app ({@value Settings#KAFKA_WARMUP_REQUESTS}), or null when none. */
    public KafkaPathWarmup kafkaWarmup() {
        return kafkaWarmup;
    }

    /** The books warm-up started with the app ({@value Settings#BOOKS_WARMUP_REQUESTS}), or null when none. */
    public io.coreserve.reservation.BooksWarmup booksWarmup() {
        return booksWarmup;
    }

    /** Waits for the warm-ups (those started); true when they ended within {@code timeout}. */
    public boolean awaitWarmups(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean probes = warmup == null || warmup.await(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
        boolean kafka = probes && (kafkaWarmup == null
                || kafkaWarmup.await(Duration.ofNanos(Math.max(0, deadline - System.nanoTime()))));
        return kafka && (booksWarmup == null
                || booksWarmup.await(Duration.ofNanos(Math.max(0, deadline - System.nanoTime()))));
    }

    /** Logs {@code warm-up done} once every warm-up ended: the line to wait for before measuring a fresh start. */
    private void reportWarmupDone() {
        long start = System.nanoTime();
        try {
            if (awaitWarmups(Duration.ofMinutes(30))) {
                LOG.info("warm-up done after {} ms", (System.nanoTime() - start) / 1_000_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Declares routes on the running streams; {@code self} is this instance's address for the other instances
     * ({@code application.server}). What it returns is closed with the app.
     */
    @FunctionalInterface
    public interface RouteSetup {
        AutoCloseable declare(HttpApi http, KafkaStreams streams, HostInfo self) throws Exception;
    }

    /** The reservation pipeline alone, with {@code handlers} (the benchmark's embedded pipeline). */
    public static CoreserveApp start(CoreserveConfig config, DomainEventHandler.Factory handlers,
            List<StoreBuilder<?>> stores, Duration startTimeout) throws Exception {
        return start(config, PipelineTopology.build(config.streamsProperties(), config.topics(), new EventSerdes(config),
                handlers, stores), startTimeout, (http, streams, self) -> () -> { });
    }

    /**
     * Creates missing topics, runs {@code topology}, and serves HTTP once it is RUNNING: {@code /health} and the
     * routes {@code routes} declares on the running streams.
     */
    public static CoreserveApp start(CoreserveConfig config, Topology topology, Duration startTimeout,
            RouteSetup routes) throws Exception {
        TopicAdmin.ensureTopics(ClientSettings.admin(config), config.topics(), config.getInt(CoreserveConfig.PARTITIONS),
                (short) 1);
        // The HTTP port is fixed before the streams start: the other instances learn it from the group's metadata
        // (application.server) to forward the questions about the domains this instance holds.
        HttpSettings httpSettings = HttpSettings.from(config).withPortChosen();
        HostInfo self = new HostInfo(advertisedHost(config, httpSettings), httpSettings.port());
        Properties streamsProperties = config.streamsProperties();
        streamsProperties.putIfAbsent(StreamsConfig.APPLICATION_SERVER_CONFIG, self.host() + ":" + self.port());
        self = HostInfo.buildFromEndpoint(streamsProperties.getProperty(StreamsConfig.APPLICATION_SERVER_CONFIG));
        StreamsRunner runner = new StreamsRunner(topology, streamsProperties);
        if (!runner.start(startTimeout)) {
            runner.close();
            throw new IllegalStateException("The pipeline did not reach RUNNING within " + startTimeout);
        }
        HttpApi http = new HttpApi(httpSettings);
        CoreserveApp app = new CoreserveApp(config, runner, http);
        try {
            http.get("/health", "UP, DEGRADED (registry unreachable: 200) or DOWN (pipeline stopped or broker "
                    + "unreachable: 503), with each dependency's state", List.of(), ctx -> app.health());
            app.routeResources = routes.declare(http, runner.streams(), self);
            http.start();
        } catch (Exception e) {
            app.close();
            throw e;
        }
        LOG.info("Pipeline running: bootstrap={} registry={} http={}", config.bootstrapServers(), config.registryUrl(),
                http.url());
        return app;
    }

    /** The host the other instances reach this one at: the setting, else the listening address (localhost for any). */
    private static String advertisedHost(CoreserveConfig config, HttpSettings http) {
        String advertised = config.get(Settings.HTTP_ADVERTISED_HOST);
        if (advertised != null && !advertised.isBlank()) {
            return advertised;
        }
        return http.host().equals("0.0.0.0") || http.host().equals("::") ? "localhost" : http.host();
    }

    /** UP, DEGRADED (registry unreachable: 200) or DOWN (pipeline stopped or broker unreachable: 503). */
    private Response health() {
        var state = runner.streams().state();
        DependencyHealth.Report report = dependencies.check();
        String status = report.status(state.isRunningOrRebalancing());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", status);
        body.put("streams", state.name());
        body.put("broker", report.broker().asMap());
        body.put("registry", report.registry().asMap());
        return new Response("DOWN".equals(status) ? 503 : 200, body);
    }

    public HttpApi http() {
        return http;
    }

    public StreamsRunner runner() {
        return runner;
    }

    public CoreserveConfig config() {
        return config;
    }

    @Override
    public void close() {
        try {
            if (warmup != null) {
                warmup.close();
            }
            if (booksWarmup != null) {
                booksWarmup.close();
            }
            if (kafkaWarmup != null) {
                kafkaWarmup.close();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        http.close();
        try {
            routeResources.close();
        } catch (Exception e) {
            LOG.warn("Closing the HTTP routes' resources failed", e);
        }
        dependencies.close();
        runner.close();
    }
}
