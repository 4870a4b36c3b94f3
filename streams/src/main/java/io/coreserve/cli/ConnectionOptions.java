package io.coreserve.cli;

import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.kafka.streams.StreamsConfig;
import picocli.CommandLine.Option;

/** Where the cluster and registry are: a config file, environment variables, and flags, in that order. */
public final class ConnectionOptions {

    @Option(names = "--config", paramLabel = "FILE", description = "Properties file with Kafka, serde and coreserve settings.")
    Path configFile;

    @Option(names = {"--bootstrap", "--bootstrap-servers"}, paramLabel = "HOST:PORT", description = "Kafka bootstrap servers.")
    String bootstrap;

    @Option(names = "--registry", paramLabel = "URL", description = "Schema registry URL (Confluent API).")
    String registry;

    public CoreserveConfig load() throws IOException {
        Map<String, String> overrides = new LinkedHashMap<>();
        if (bootstrap != null) {
            overrides.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        }
        if (registry != null) {
            overrides.put(CoreserveConfig.SCHEMA_REGISTRY_URL, registry);
        }
        return ClientSettings.withRegistryTimeout(CoreserveConfig.load(configFile, System.getenv(), overrides));
    }
}
