package io.coreserve.cli;

import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.identity.AuthSettings;
import io.coreserve.identity.ClientIdentity;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.kafka.streams.StreamsConfig;
import picocli.CommandLine.Option;

/**
 * Where the cluster and registry are: a config file, environment variables, and flags, in that order; and whom
 * to act as ({@link ClientIdentity}: the credentials {@code dev} made are found by themselves).
 */
public final class ConnectionOptions {

    @Option(names = "--config", paramLabel = "FILE", description = "Properties file with Kafka, serde and coreserve settings.")
    Path configFile;

    @Option(names = {"--bootstrap", "--bootstrap-servers"}, paramLabel = "HOST:PORT", description = "Kafka bootstrap servers.")
    String bootstrap;

    @Option(names = "--registry", paramLabel = "URL", description = "Schema registry URL (Confluent API).")
    String registry;

    @Option(names = "--credentials", paramLabel = "DIR", description = "Credentials directory (default: "
            + "./.coreserve/credentials when it belongs to the cluster; or " + AuthSettings.CREDENTIALS + ").")
    Path credentials;

    private ClientIdentity identity = ClientIdentity.NONE;

    /** As the local user of the credentials directory, if there is one. */
    public CoreserveConfig load() throws IOException {
        return loadAs(null, ClientIdentity.Role.LOCAL_USER);
    }

    /** As {@code user} (null: the local user), whose credentials must then be in the credentials directory. */
    public CoreserveConfig loadAs(String user) throws IOException {
        return loadAs(user, ClientIdentity.Role.LOCAL_USER);
    }

    /** As the credentials directory's operator (who may send commands for any user), else its local user. */
    public CoreserveConfig loadAsOperator() throws IOException {
        return loadAs(null, ClientIdentity.Role.OPERATOR);
    }

    /** The user the last load acts as; null when no credentials directory applies. */
    public String user() {
        return identity.user();
    }

    private CoreserveConfig loadAs(String user, ClientIdentity.Role role) throws IOException {
        Map<String, String> overrides = new LinkedHashMap<>();
        if (bootstrap != null) {
            overrides.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        }
        if (registry != null) {
            overrides.put(CoreserveConfig.SCHEMA_REGISTRY_URL, registry);
        }
        CoreserveConfig config = CoreserveConfig.load(configFile, System.getenv(), overrides);
        identity = ClientIdentity.resolve(credentials, config.get(AuthSettings.CREDENTIALS),
                config.get(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG), user, role);
        overrides.putAll(identity.settings());
        return ClientSettings.withRegistryTimeout(CoreserveConfig.load(configFile, System.getenv(), overrides));
    }
}
