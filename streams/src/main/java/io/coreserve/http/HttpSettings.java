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

    /**
     * The same with a fixed port: port 0 ("any free port") is replaced by a port free now, so that it can be told
     * to the other instances before the server starts (another process may take it in between: then start fails and
     * says so, rather than the instance advertising a port it does not serve).
     */
    public HttpSettings withPortChosen() {
        if (port != 0) {
            return this;
        }
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName(host))) {
            return new HttpSettings(host, probe.getLocalPort(), maxBodyBytes, idleTimeout);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("no free port on " + host, e);
        }
    }
}
