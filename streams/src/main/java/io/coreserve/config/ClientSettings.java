package io.coreserve.config;

import io.coreserve.identity.CommandSigningInterceptor;
import java.time.Duration;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * Settings for the plain clients of the CLI and tools (not Kafka Streams): only the keys a producer, consumer or
 * admin client knows, so the clients do not warn about the rest, and short waits for an unreachable broker, so
 * that a command reports it in seconds instead of the clients' default minute. Each wait is only a default: a
 * value in the configuration wins.
 */
public final class ClientSettings {

    /** How long a command waits for a broker that does not answer before it fails. */
    public static final Duration UNREACHABLE_AFTER = Duration.ofSeconds(5);

    private ClientSettings() {
    }

    /**
     * {@code max.block.ms}: how long {@code send} waits for metadata (or buffer space) before it fails; with
     * {@code coreserve.auth.signing.credentials}, commands to the requests topic are signed.
     */
    public static Properties producer(CoreserveConfig config) {
        Properties props = only(config, ProducerConfig.configNames());
        props.putIfAbsent(ProducerConfig.MAX_BLOCK_MS_CONFIG, millis(UNREACHABLE_AFTER));
        CommandSigningInterceptor.addTo(props, config.asMap());
        return props;
    }

    /** {@code default.api.timeout.ms}: how long {@code partitionsFor}, {@code position} etc. wait. */
    public static Properties consumer(CoreserveConfig config) {
        Properties props = only(config, ConsumerConfig.configNames());
        props.putIfAbsent(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, millis(UNREACHABLE_AFTER));
        return props;
    }

    /** {@code default.api.timeout.ms} and {@code request.timeout.ms} of every admin call. */
    public static Properties admin(CoreserveConfig config) {
        Properties props = only(config, AdminClientConfig.configNames());
        props.putIfAbsent(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, millis(UNREACHABLE_AFTER));
        props.putIfAbsent(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, millis(UNREACHABLE_AFTER));
        // The admin client refuses to start when an api call may time out before one of its requests would.
        long request = Long.parseLong(props.get(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG).toString().trim());
        long api = Long.parseLong(props.get(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG).toString().trim());
        if (api < request) {
            props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Long.toString(request));
        }
        return props;
    }

    /**
     * {@code config} with {@code schema.registry.request.timeout.ms} at {@link #UNREACHABLE_AFTER} unless set, so
     * that a registry that accepts connections but does not answer (stopped, overloaded) is reported in seconds
     * too, instead of after the serde's default 10 s.
     */
    public static CoreserveConfig withRegistryTimeout(CoreserveConfig config) {
        return config.get(REGISTRY_REQUEST_TIMEOUT_MS) != null ? config
                : config.with(REGISTRY_REQUEST_TIMEOUT_MS, millis(UNREACHABLE_AFTER));
    }

    /** {@code io.coreserve.serde.AvroSerdeConfig.REQUEST_TIMEOUT_MS}, spelled out: an older serde jar ignores it. */
    static final String REGISTRY_REQUEST_TIMEOUT_MS = "schema.registry.request.timeout.ms";

    private static String millis(Duration duration) {
        return Long.toString(duration.toMillis());
    }

    private static Properties only(CoreserveConfig config, Set<String> known) {
        Properties all = config.asProperties();
        Properties result = new Properties();
        all.forEach((k, v) -> {
            if (known.contains(k.toString())) {
                result.put(k, v);
            }
        });
        return result;
    }
}
