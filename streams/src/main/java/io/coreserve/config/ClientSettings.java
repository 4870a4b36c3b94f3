package io.coreserve.config;

import java.util.Properties;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

/** Only the keys a plain producer or consumer knows, so the clients do not warn about the rest. */
public final class ClientSettings {

    private ClientSettings() {
    }

    public static Properties producer(CoreserveConfig config) {
        return only(config, ProducerConfig.configNames());
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
