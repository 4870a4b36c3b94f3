package io.coreserve.connect;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.sink.SinkConnector;

/**
 * The notification service of seed 003 as a Connect sink: each {@code Notification} on the notifications topic
 * becomes a plain-text e-mail to the user's address, over SMTP (plain, STARTTLS or SMTPS, with optional
 * authentication), with a subject and body template per notification kind.
 *
 * <p>Values are read as raw bytes ({@code ByteArrayConverter}) and decoded with coreserve's Avro deserializer
 * (Confluent wire format, {@code schema.registry.url}). Transient SMTP failures are retried with exponential
 * back-off; notifications that cannot be delivered (no or invalid address, refused by the server, retries
 * exhausted, not a Notification) go to the worker's error reporter: with {@code errors.tolerance=all} and
 * {@code errors.deadletterqueue.topic.name} they land on the dead-letter topic with the reason in the headers
 * ({@code errors.deadletterqueue.context.headers.enable=true}); with the default tolerance the task fails instead.
 * Delivery is at least once: a mail may be sent twice after a crash, with the same Message-ID.
 */
public class EmailNotificationSinkConnector extends SinkConnector {

    private Map<String, String> settings;

    @Override
    public String version() {
        return Version.get();
    }

    @Override
    public void start(Map<String, String> props) {
        new EmailSinkConfig(props); // fail fast on a bad configuration
        settings = Map.copyOf(props);
    }

    @Override
    public Class<? extends Task> taskClass() {
        return EmailNotificationSinkTask.class;
    }

    @Override
    public List<Map<String, String>> taskConfigs(int maxTasks) {
        List<Map<String, String>> configs = new ArrayList<>(maxTasks);
        for (int i = 0; i < maxTasks; i++) {
            configs.add(settings);
        }
        return configs;
    }

    @Override
    public void stop() {
        // nothing held
    }

    @Override
    public ConfigDef config() {
        return EmailSinkConfig.CONFIG_DEF;
    }
}
