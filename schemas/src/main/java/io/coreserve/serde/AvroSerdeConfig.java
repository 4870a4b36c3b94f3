package io.coreserve.serde;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.common.config.ConfigException;

/**
 * Serde settings, under the same names as Confluent's serdes so one configuration drives either.
 *
 * <ul>
 *   <li>{@code schema.registry.url}: the registry's base URL, or {@code mock://scope} for an in-memory one;</li>
 *   <li>{@code auto.register.schemas} (default true): register the writer's schema on first use; when
 *       false the schema must already be registered, and a missing one is an error;</li>
 *   <li>{@code schema.registry.request.timeout.ms} (default 10000): how long one registry call may take,
 *       connecting included.</li>
 * </ul>
 */
public record AvroSerdeConfig(String registryUrl, boolean autoRegister, Duration requestTimeout) {

    public static final String SCHEMA_REGISTRY_URL = "schema.registry.url";
    public static final String AUTO_REGISTER_SCHEMAS = "auto.register.schemas";
    public static final String REQUEST_TIMEOUT_MS = "schema.registry.request.timeout.ms";
    private static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(10);
    private static final String MOCK_SCHEME = "mock://";

    private static final Map<String, SchemaRegistryClient> CLIENTS = new ConcurrentHashMap<>();

    public static AvroSerdeConfig from(Map<String, ?> configs) {
        Object url = configs.get(SCHEMA_REGISTRY_URL);
        if (url == null || url.toString().isBlank()) {
            throw new ConfigException(SCHEMA_REGISTRY_URL, url, "the Avro serde needs the schema registry's URL");
        }
        Object auto = configs.get(AUTO_REGISTER_SCHEMAS);
        boolean autoRegister = auto == null || Boolean.parseBoolean(auto.toString());
        // Confluent accepts a comma-separated list; one registry is what we support, so take the first.
        String first = url.toString().split(",")[0].trim();
        Object timeout = configs.get(REQUEST_TIMEOUT_MS);
        Duration requestTimeout = timeout == null || timeout.toString().isBlank() ? DEFAULT_REQUEST_TIMEOUT
                : Duration.ofMillis(Long.parseLong(timeout.toString().trim()));
        return new AvroSerdeConfig(first, autoRegister, requestTimeout);
    }

    /** The client for this URL and timeout, shared by the serdes in the JVM so that the id cache is shared too. */
    public SchemaRegistryClient client() {
        if (registryUrl.startsWith(MOCK_SCHEME)) {
            return InMemorySchemaRegistryClient.forScope(registryUrl.substring(MOCK_SCHEME.length()));
        }
        return CLIENTS.computeIfAbsent(registryUrl + " " + requestTimeout.toMillis(),
                key -> new RestSchemaRegistryClient(registryUrl, requestTimeout));
    }
}
