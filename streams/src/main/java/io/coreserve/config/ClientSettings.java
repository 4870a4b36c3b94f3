package io.coreserve.config;

import io.coreserve.identity.CommandSigningInterceptor;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

/** Only the keys a plain producer or consumer knows, so the clients do not warn about the rest. */
public final class ClientSettings {

    private ClientSettings() {
    }

    /** With {@code coreserve.auth.signing.credentials}, commands to the requests topic are signed. */
    public static Properties producer(CoreserveConfig config) {
        Properties props = only(config, ProducerConfig.configNames());
        CommandSigningInterceptor.addTo(props, config.asMap());
        return props;
    }

    public static Properties admin(CoreserveConfig config) {
        return only(config, AdminClientConfig.configNames());
    }

    public static Properties consumer(CoreserveConfig config) {
        return only(config, ConsumerConfig.configNames());
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
