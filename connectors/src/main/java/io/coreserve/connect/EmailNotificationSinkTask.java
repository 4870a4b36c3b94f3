package io.coreserve.connect;

import io.coreserve.events.Notification;
import io.coreserve.serde.AvroDeserializer;
import io.coreserve.serde.SchemaRegistryException;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.errors.RetriableException;
import org.apache.kafka.connect.sink.ErrantRecordReporter;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers each {@code Notification} by e-mail (see {@link EmailNotificationSinkConnector}).
 *
 * <ul>
 *   <li>Delivered: counted, the record is done.</li>
 *   <li>Permanent failure (no or invalid address, value not a Notification, 5xx reply): the record goes to the
 *       worker's error reporter (the dead-letter topic) with the reason, and is logged; never dropped.</li>
 *   <li>Transient failure (server unreachable, time-out, 4xx reply): the batch is retried by the worker after an
 *       exponential back-off ({@code context.timeout}, {@code RetriableException}); records of the batch already
 *       delivered are not sent again. After {@code retry.max.attempts} the undelivered records are reported as
 *       failed.</li>
 *   <li>Authentication refused: the task fails; the configuration needs fixing, nothing is consumed meanwhile.</li>
 * </ul>
 */
public class EmailNotificationSinkTask extends SinkTask {

    private static final Logger LOG = LoggerFactory.getLogger(EmailNotificationSinkTask.class);

    private EmailSinkConfig config;
    private NotificationTemplates templates;
    private AvroDeserializer<Notification> deserializer;
    private SmtpMailer mailer;
    private ErrantRecordReporter reporter;
    private int maxAttempts;
    private long initialBackoff;
    private long maxBackoff;

    /** Records of the batch being retried that are done (delivered or reported), by topic-partition-offset. */
    private final Set<String> done = new HashSet<>();
    private int attempts;
    private long delivered;
    private long reported;

    @Override
    public String version() {
        return Version.get();
    }

    @Override
    public void start(Map<String, String> props) {
        config = new EmailSinkConfig(props);
        templates = config.templates();
        deserializer = new AvroDeserializer<>(Notification.class);
        deserializer.configure(config.serdeSettings(), false);
        mailer = new SmtpMailer(config);
        maxAttempts = config.getInt(EmailSinkConfig.RETRY_MAX_ATTEMPTS);
        initialBackoff = config.getLong(EmailSinkConfig.RETRY_BACKOFF_INITIAL_MS);
        maxBackoff = config.getLong(EmailSinkConfig.RETRY_BACKOFF_MAX_MS);
        try {
            reporter = context.errantRecordReporter();
        } catch (NoSuchMethodError | NoClassDefFoundError e) {
            reporter = null; // a worker older than Kafka 2.6
        }
        if (reporter == null) {
            LOG.warn("This worker has no error reporter: a notification that cannot be delivered will fail the task");
        }
    }

    @Override
    public void put(Collection<SinkRecord> records) {
        MessagingException transientFailure = null;
        try {
            for (SinkRecord record : records) {
                String position = position(record);
                if (done.contains(position)) {
                    continue;
                }
                if (transientFailure != null) {
                    break; // the server is not taking mail: keep the rest for the retry, in order
                }
                transientFailure = deliver(record);
                if (transientFailure == null) {
                    done.add(position);
                }
            }
        } finally {
            mailer.close();
        }
        if (transientFailure == null) {
            done.clear();
            attempts = 0;
            return;
        }
        attempts++;
        if (attempts >= maxAttempts) {
            LOG.error("SMTP delivery failed {} times in a row ({}); reporting the undelivered notifications as failed",
                    attempts, transientFailure.toString());
            for (SinkRecord record : records) {
                if (done.add(position(record))) {
                    report(record, new ConnectException("Not delivered after " + attempts + " attempts: "
                            + transientFailure.getMessage(), transientFailure));
                }
            }
            done.clear();
            attempts = 0;
            return;
        }
        long backoff = backoff(attempts);
        LOG.warn("SMTP delivery failed (attempt {} of {}): {}; retrying in {} ms", attempts, maxAttempts,
                transientFailure.toString(), backoff);
        context.timeout(backoff);
        throw new RetriableException("SMTP delivery failed, attempt " + attempts + " of " + maxAttempts, transientFailure);
    }

    /** Delivers or reports one record; returns the failure if it is worth retrying. */
    private MessagingException deliver(SinkRecord record) {
        Notification n;
        try {
            n = notification(record);
        } catch (SerializationException | DataException e) {
            if (isRegistryOutage(e)) {
                return new MessagingException("schema registry unavailable: " + e.getMessage(), e);
            }
            report(record, e);
            return null;
        }
        if (n == null) {
            report(record, new DataException("Notification record has no value (tombstone)"));
            return null;
        }
        if (n.getEmail() == null || n.getEmail().isBlank()) {
            report(record, new DataException("Notification for request " + n.getRequestId() + " of user " + n.getUser()
                    + " has no e-mail address"));
            return null;
        }
        InternetAddress to;
        try {
            to = new InternetAddress(n.getEmail().trim(), true);
        } catch (AddressException e) {
            report(record, new DataException("Notification for request " + n.getRequestId() + " has an invalid e-mail "
                    + "address '" + n.getEmail() + "': " + e.getMessage(), e));
            return null;
        }
        try {
            MimeMessage message = mailer.message(to, templates.subject(n), templates.body(n), messageId(record));
            message.setHeader("X-Coreserve-Request-Id", n.getRequestId());
            message.setHeader("X-Coreserve-Kind", n.getKind().name());
            mailer.send(message);
            delivered++;
            LOG.debug("Delivered {} notification for {} to {}", n.getKind(), n.getRequestId(), to);
            return null;
        } catch (MessagingException e) {
            return switch (SmtpMailer.classify(e)) {
                case TRANSIENT -> e;
                case PERMANENT -> {
                    report(record, new ConnectException("SMTP server refused the notification for request "
                            + n.getRequestId() + " to " + to + ": " + e.getMessage(), e));
                    yield null;
                }
                case CONFIGURATION -> throw new ConnectException("SMTP authentication failed as '"
                        + config.getString(EmailSinkConfig.SMTP_USERNAME) + "': fix " + EmailSinkConfig.SMTP_USERNAME
                        + "/" + EmailSinkConfig.SMTP_PASSWORD, e);
            };
        }
    }

    private Notification notification(SinkRecord record) {
        Object value = record.value();
        if (value == null) {
            return null;
        }
        if (!(value instanceof byte[] bytes)) {
            throw new DataException("Expected the raw Avro bytes of a Notification (value.converter="
                    + "org.apache.kafka.connect.converters.ByteArrayConverter), got " + value.getClass().getName());
        }
        return deserializer.deserialize(record.topic(), bytes);
    }

    private static boolean isRegistryOutage(Exception e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SchemaRegistryException r) {
                return r.httpStatus() <= 0 || r.httpStatus() >= 500;
            }
        }
        return false;
    }

    private void report(SinkRecord record, Exception reason) {
        reported++;
        LOG.warn("Notification at {} not delivered, reporting it: {}", position(record), reason.getMessage());
        if (reporter == null) {
            throw new ConnectException("Cannot deliver the notification at " + position(record)
                    + " and this worker has no error reporter", reason);
        }
        reporter.report(record, reason);
    }

    long backoff(int attempt) {
        long b = initialBackoff;
        for (int i = 1; i < attempt && b < maxBackoff; i++) {
            b *= 2;
        }
        return Math.min(b, maxBackoff);
    }

    private String messageId(SinkRecord record) {
        return "<coreserve." + record.topic() + "." + record.kafkaPartition() + "." + record.kafkaOffset() + "@"
                + mailer.senderDomain() + ">";
    }

    private static String position(SinkRecord record) {
        return record.topic() + "-" + record.kafkaPartition() + "@" + record.kafkaOffset();
    }

    @Override
    public void flush(Map<TopicPartition, OffsetAndMetadata> currentOffsets) {
        // Every record handed to put() was delivered or reported before put() returned.
    }

    @Override
    public void stop() {
        if (mailer != null) {
            mailer.close();
        }
        LOG.info("Stopped: {} notifications delivered, {} reported as failed", delivered, reported);
    }
}
