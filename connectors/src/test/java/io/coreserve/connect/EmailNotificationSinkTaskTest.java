package io.coreserve.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.ServerSetupTest;
import io.coreserve.events.Notification;
import io.coreserve.events.NotificationKind;
import io.coreserve.serde.AvroSerializer;
import io.coreserve.serde.InMemorySchemaRegistryClient;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.metrics.PluginMetrics;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.errors.RetriableException;
import org.apache.kafka.connect.sink.ErrantRecordReporter;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTaskContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The sink task without a worker: what it delivers, retries and reports, against a real SMTP server (GreenMail). */
class EmailNotificationSinkTaskTest {

    static final String REGISTRY = "mock://email-task";
    static final String TOPIC = "coreserve.notifications";

    @RegisterExtension
    static GreenMailExtension smtp = new GreenMailExtension(ServerSetupTest.SMTP.dynamicPort());

    final FakeContext context = new FakeContext();
    final AvroSerializer<Notification> serializer = serializer();

    @AfterEach
    void dropScope() {
        InMemorySchemaRegistryClient.dropScope("email-task");
    }

    static AvroSerializer<Notification> serializer() {
        AvroSerializer<Notification> s = new AvroSerializer<>();
        s.configure(Map.of("schema.registry.url", REGISTRY), false);
        return s;
    }

    SinkRecord record(long offset, Notification n) {
        return new SinkRecord(TOPIC, 0, Schema.STRING_SCHEMA, "default", Schema.BYTES_SCHEMA,
                serializer.serialize(TOPIC, n), offset);
    }

    EmailNotificationSinkTask task(int port, int attempts) {
        Map<String, String> props = new HashMap<>();
        props.put(EmailSinkConfig.SMTP_HOST, "127.0.0.1");
        props.put(EmailSinkConfig.SMTP_PORT, Integer.toString(port));
        props.put(EmailSinkConfig.SMTP_TIMEOUT_MS, "2000");
        props.put(EmailSinkConfig.MAIL_FROM, "reservations@coreserve.example");
        props.put(EmailSinkConfig.SCHEMA_REGISTRY_URL, REGISTRY);
        props.put(EmailSinkConfig.RETRY_MAX_ATTEMPTS, Integer.toString(attempts));
        props.put(EmailSinkConfig.RETRY_BACKOFF_INITIAL_MS, "100");
        props.put(EmailSinkConfig.RETRY_BACKOFF_MAX_MS, "250");
        EmailNotificationSinkTask task = new EmailNotificationSinkTask();
        task.initialize(context);
        task.start(props);
        return task;
    }

    static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort(); // nobody listens once it is closed
        }
    }

    @Test
    void shouldRetryWithGrowingBackOffWhileTheServerIsDownThenReportTheUndelivered() throws Exception {
        EmailNotificationSinkTask task = task(closedPort(), 3);
        List<SinkRecord> batch = List.of(record(0, Notifications.of(NotificationKind.ACCEPTED, "r1", "alice", "alice@example.org")));

        assertThatThrownBy(() -> task.put(batch)).isInstanceOf(RetriableException.class);
        assertThatThrownBy(() -> task.put(batch)).isInstanceOf(RetriableException.class);
        assertThat(context.timeouts).containsExactly(100L, 200L);
        assertThat(context.reported).isEmpty();

        task.put(batch); // third attempt: given up, reported, not lost
        assertThat(context.reported).hasSize(1);
        assertThat(context.reported.get(0).getValue().getMessage()).contains("Not delivered after 3 attempts");
        task.stop();
    }

    @Test
    void shouldRetryAfterA4xxReplyWithoutSendingAgainWhatWasDelivered() throws Exception {
        try (ScriptedSmtpServer server = new ScriptedSmtpServer(1)) {
            EmailNotificationSinkTask task = task(server.port(), 5);
            List<SinkRecord> batch = List.of(
                    record(1, Notifications.of(NotificationKind.ACCEPTED, "r1", "alice", "alice@example.org")),
                    record(2, Notifications.of(NotificationKind.ACCEPTED, "r2", "bob", "busy-bob@example.org")),
                    record(3, Notifications.of(NotificationKind.ACCEPTED, "r3", "carol", "carol@example.org")));

            assertThatThrownBy(() -> task.put(batch)).isInstanceOf(RetriableException.class);
            assertThat(server.delivered()).containsExactly("alice@example.org");

            task.put(batch); // the worker hands the same batch again
            assertThat(server.delivered()).containsExactly("alice@example.org", "busy-bob@example.org", "carol@example.org");
            assertThat(context.reported).isEmpty();
            task.stop();
        }
    }

    @Test
    void shouldReportA5xxReplyAsPermanentWithoutRetrying() throws Exception {
        try (ScriptedSmtpServer server = new ScriptedSmtpServer(0)) {
            EmailNotificationSinkTask task = task(server.port(), 5);
            task.put(List.of(
                    record(1, Notifications.of(NotificationKind.EXPIRED, "r1", "ghost", "unknown-ghost@example.org")),
                    record(2, Notifications.of(NotificationKind.EXPIRED, "r2", "dan", "dan@example.org"))));

            assertThat(context.reported).singleElement().satisfies(e -> {
                assertThat(e.getKey().kafkaOffset()).isEqualTo(1L);
                assertThat(e.getValue().getMessage()).contains("refused").contains("unknown-ghost@example.org");
            });
            assertThat(context.timeouts).isEmpty();
            assertThat(server.delivered()).containsExactly("dan@example.org");
            task.stop();
        }
    }

    @Test
    void shouldReportInvalidAddressesAndBytesThatAreNotANotification() throws Exception {
        EmailNotificationSinkTask task = task(smtp.getSmtp().getPort(), 5);
        SinkRecord garbage = new SinkRecord(TOPIC, 0, Schema.STRING_SCHEMA, "default", Schema.BYTES_SCHEMA,
                new byte[] {1, 2, 3}, 7);
        task.put(List.of(
                record(5, Notifications.of(NotificationKind.REJECTED, "r5", "eve", "not an address")),
                garbage,
                record(8, Notifications.of(NotificationKind.REJECTED, "r8", "dan", "dan@example.org"))));

        assertThat(context.reported).extracting(e -> e.getKey().kafkaOffset()).containsExactly(5L, 7L);
        assertThat(context.reported.get(0).getValue().getMessage()).contains("invalid e-mail address");
        assertThat(smtp.getReceivedMessages()).hasSize(1);
        task.stop();
    }

    @Test
    void shouldDoubleTheBackOffUpToTheMaximum() {
        EmailNotificationSinkTask task = new EmailNotificationSinkTask();
        task.initialize(context);
        task.start(Map.of(EmailSinkConfig.SMTP_HOST, "localhost", EmailSinkConfig.MAIL_FROM, "a@b.c",
                EmailSinkConfig.SCHEMA_REGISTRY_URL, REGISTRY));
        assertThat(List.of(task.backoff(1), task.backoff(2), task.backoff(3), task.backoff(7), task.backoff(30)))
                .containsExactly(1_000L, 2_000L, 4_000L, 60_000L, 60_000L);
    }

    /** Records what the task asks of the worker. */
    static final class FakeContext implements SinkTaskContext {
        final List<Long> timeouts = new ArrayList<>();
        final List<Map.Entry<SinkRecord, Throwable>> reported = new ArrayList<>();

        @Override
        public ErrantRecordReporter errantRecordReporter() {
            return (record, error) -> {
                reported.add(Map.entry(record, error));
                Future<Void> done = CompletableFuture.completedFuture(null);
                return done;
            };
        }

        @Override
        public void timeout(long timeoutMs) {
            timeouts.add(timeoutMs);
        }

        @Override
        public Map<String, String> configs() {
            return Map.of();
        }

        @Override
        public void offset(Map<TopicPartition, Long> offsets) {
        }

        @Override
        public void offset(TopicPartition tp, long offset) {
        }

        @Override
        public Set<TopicPartition> assignment() {
            return Set.of(new TopicPartition(TOPIC, 0));
        }

        @Override
        public void pause(TopicPartition... partitions) {
        }

        @Override
        public void resume(TopicPartition... partitions) {
        }

        @Override
        public void requestCommit() {
        }

        @Override
        public PluginMetrics pluginMetrics() {
            return null;
        }
    }
}
