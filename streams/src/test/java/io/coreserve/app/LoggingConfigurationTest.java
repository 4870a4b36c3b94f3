package io.coreserve.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.impl.Log4jLogEvent;
import org.apache.logging.log4j.message.SimpleMessage;
import org.junit.jupiter.api.Test;

/** The logging configuration users get ({@code src/main/resources/log4j2.xml}, not the tests' own). */
class LoggingConfigurationTest {

    private static final String STREAMS_CONFIG = "org.apache.kafka.streams.StreamsConfig";

    @Test
    void shouldDropKafkasMisleadingGlobalHandlerWarningAndKeepItsOtherWarnings() {
        URI users = Path.of("src/main/resources/log4j2.xml").toUri();
        LoggerContext context = new LoggerContext("users", null, users);
        try {
            context.start();
            LoggerConfig streamsConfig = context.getConfiguration().getLoggerConfig(STREAMS_CONFIG);

            assertThat(streamsConfig.getName()).isEqualTo(STREAMS_CONFIG);
            assertThat(decide(streamsConfig, "Processing exception handler is not enabled for the GlobalThread. It's "
                    + "recommended to set `processing.exception.handler.global.enabled` to true to enable it."))
                    .isEqualTo(Filter.Result.DENY);
            assertThat(decide(streamsConfig, "Unrecognized config: foo")).isEqualTo(Filter.Result.NEUTRAL);
            assertThat(streamsConfig.getLevel()).isEqualTo(Level.WARN);
        } finally {
            context.stop();
        }
    }

    private static Filter.Result decide(LoggerConfig logger, String message) {
        return logger.getFilter().filter(Log4jLogEvent.newBuilder().setLoggerName(STREAMS_CONFIG).setLevel(Level.WARN)
                .setMessage(new SimpleMessage(message)).build());
    }
}
