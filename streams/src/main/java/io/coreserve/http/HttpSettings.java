package io.coreserve.http;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Settings;
import java.time.Duration;

/**
 * How the HTTP endpoint listens: address, port, the largest request body it reads, and how long a connection may
 * stay silent (an idle or slow client holds one server thread at most that long; others are served meanwhile).
 */
public record HttpSettings(String host, int port, int maxBodyBytes, Duration idleTimeout) {

    public static HttpSettings from(CoreserveConfig config) {
        return new HttpSettings(config.require(Settings.HTTP_HOST), config.getInt(Settings.HTTP_PORT),
                config.getInt(Settings.HTTP_MAX_BODY_BYTES), config.getDuration(Settings.HTTP_IDLE_TIMEOUT));
    }
}
