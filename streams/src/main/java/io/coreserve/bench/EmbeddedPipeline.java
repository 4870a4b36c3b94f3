package io.coreserve.bench;

import io.coreserve.app.CoreserveApp;
import io.coreserve.app.EventProducer;
import io.coreserve.app.TopicAdmin;
import io.coreserve.catalogue.DemoCatalogue;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.local.ApicurioRegistryProcess;
import io.coreserve.local.KafkaBrokerProcess;
import io.coreserve.reservation.ReservationPipeline;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.kafka.streams.StreamsConfig;

/**
 * Everything on this machine for a benchmark: a real broker and a real schema registry as child JVMs, and pipelines
 * in this JVM, each with its own topics, application id and state, and a fresh demo catalogue.
 */
public final class EmbeddedPipeline implements AutoCloseable {

    private final Path dataDir;
    private final KafkaBrokerProcess broker;
    private final ApicurioRegistryProcess registry;

    private EmbeddedPipeline(Path dataDir, KafkaBrokerProcess broker, ApicurioRegistryProcess registry) {
        this.dataDir = dataDir;
        this.broker = broker;
        this.registry = registry;
    }

    public static EmbeddedPipeline start(Path dataDir) {
        KafkaBrokerProcess broker = KafkaBrokerProcess.start(dataDir);
        try {
            return new EmbeddedPipeline(dataDir, broker, ApicurioRegistryProcess.start(dataDir));
        } catch (RuntimeException e) {
            broker.close();
            throw e;
        }
    }

    public String bootstrapServers() {
        return broker.bootstrapServers();
    }

    public String registryUrl() {
        return registry.url();
    }

    /**
     * Settings of a pipeline called {@code name} (topics {@code name.*}, application id {@code coreserve-name}),
     * with {@code overrides} last.
     */
    public CoreserveConfig config(String name, Map<String, String> overrides) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        s.put(CoreserveConfig.SCHEMA_REGISTRY_URL, registryUrl());
        s.put(StreamsConfig.APPLICATION_ID_CONFIG, "coreserve-" + name);
        s.put(StreamsConfig.STATE_DIR_CONFIG, dataDir.resolve("streams").resolve(name).toString());
        for (String topic : new String[] {"resources", "samples", "offers", "requests", "decisions", "notifications",
                "dead-letter"}) {
            s.put("coreserve.topic." + topic, name + "." + topic);
        }
        // The offers protocol has topics of its own that are not named per pipeline here; the benchmarks drive
        // the reservation pipeline only.
        s.put(io.coreserve.config.Settings.OFFERS_ENABLED, "false");
        s.putAll(overrides);
        return CoreserveConfig.of(s);
    }

    /**
     * Creates the topics, loads a demo catalogue of {@code resources} nodes and starts the pipeline with its HTTP
     * queries ({@code /probe} among them, at {@code app.http().url()}).
     */
    public CoreserveApp startApp(CoreserveConfig config, int resources) throws Exception {
        TopicAdmin.ensureTopics(config.bootstrapServers(), config.topics(), config.getInt(CoreserveConfig.PARTITIONS),
                (short) 1);
        EventProducer.sendResources(config, DemoCatalogue.generate(resources,
                config.require(CoreserveConfig.DEFAULT_DOMAIN), 606L, Instant.now()));
        ReservationPipeline pipeline = ReservationPipeline.forConfig(config);
        return CoreserveApp.start(config, pipeline, Duration.ofMinutes(2));
    }

    @Override
    public void close() {
        try {
            registry.close();
        } finally {
            broker.close();
        }
    }
}
