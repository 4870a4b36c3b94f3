package io.coreserve.config;

import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * Maps environment variables onto configuration keys in the usual container style:
 * {@code KAFKA_BOOTSTRAP_SERVERS} -> {@code bootstrap.servers} (the prefix is dropped, Kafka and serde
 * settings), {@code CORESERVE_DEFAULT_DOMAIN} -> {@code coreserve.default.domain} (the prefix is kept).
 * A single underscore becomes a dot, a double underscore a dash, a triple underscore an underscore.
 */
public final class EnvironmentOverrides {

    private EnvironmentOverrides() {
    }

    public static Properties apply(Properties base, Map<String, String> environment) {
        Properties result = new Properties();
        result.putAll(base);
        environment.forEach((name, value) -> {
            if (name.startsWith("KAFKA_")) {
                result.setProperty(toKey(name.substring("KAFKA_".length())), value);
            } else if (name.startsWith("CORESERVE_")) {
                result.setProperty("coreserve." + toKey(name.substring("CORESERVE_".length())), value);
            }
        });
        return result;
    }

    static String toKey(String variable) {
        return variable.toLowerCase(Locale.ROOT)
                .replace("___", "\u0000")
                .replace("__", "-")
                .replace('_', '.')
                .replace('\u0000', '_');
    }
}
