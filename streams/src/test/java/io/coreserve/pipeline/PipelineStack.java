package io.coreserve.pipeline;

import io.coreserve.app.TopicAdmin;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Topics;
import io.coreserve.local.ApicurioRegistryProcess;
import io.coreserve.testing.EmbeddedKafka;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.kafka.streams.StreamsConfig;

/**
 * A real KRaft broker (in this JVM) and a real schema registry (Apicurio, child JVM) for the pipeline tests, and
 * configurations that give each test its own topics and application id on them.
 */
final class PipelineStack implements AutoCloseable {

    private final EmbeddedKafka kafka;
    private final ApicurioRegistryProcess registry;

    private PipelineStack(EmbeddedKafka kafka, ApicurioRegistryProcess registry) {
        this.kafka = kafka;
        this.registry = registry;
    }

    static PipelineStack start(Path logDir) throws Exception {
        return start(logDir, Map.of());
    }

    /** The same with {@code brokerSettings} on the broker. */
    static PipelineStack start(Path logDir, Map<String, String> brokerSettings) throws Exception {
        EmbeddedKafka kafka = EmbeddedKafka.start(brokerSettings);
        try {
            return new PipelineStack(kafka, ApicurioRegistryProcess.start(logDir));
        } catch (RuntimeException e) {
            kafka.close();
            throw e;
        }
    }

    String bootstrapServers() {
        return kafka.bootstrapServers();
    }

    String registryUrl() {
        return registry.url();
    }

    /**
     * Settings for a pipeline named {@code name}: topics {@code name.requests} etc., application id
     * {@code coreserve-name}, state in {@code stateDir}; {@code extra} last.
     */
    Map<String, String> settings(String name, Path stateDir, int partitions, Map<String, String> extra) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        s.put(CoreserveConfig.SCHEMA_REGISTRY_URL, registryUrl());
        s.put(StreamsConfig.APPLICATION_ID_CONFIG, "coreserve-" + name);
        s.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        s.put(CoreserveConfig.PARTITIONS, Integer.toString(partitions));
        s.put(CoreserveConfig.HTTP_PORT, "0");
        for (String topic : new String[] {"resources", "samples", "offers", "requests", "decisions", "notifications",
                "dead-letter"}) {
            s.put("coreserve.topic." + topic, name + "." + topic);
        }
        s.putAll(extra);
        return s;
    }

    /** The configuration of {@link #settings}, with its topics created. */
    CoreserveConfig config(String name, Path stateDir, int partitions, Map<String, String> extra) throws Exception {
        CoreserveConfig config = CoreserveConfig.of(settings(name, stateDir, partitions, extra));
        Topics topics = config.topics();
        TopicAdmin.ensureTopics(config.bootstrapServers(), topics, partitions, (short) 1);
        return config;
    }

    @Override
    public void close() throws Exception {
        try {
            registry.close();
        } finally {
            kafka.close();
        }
    }
}
