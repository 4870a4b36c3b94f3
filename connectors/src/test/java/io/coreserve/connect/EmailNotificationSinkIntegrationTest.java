package io.coreserve.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetupTest;
import io.coreserve.events.Notification;
import io.coreserve.events.NotificationKind;
import io.coreserve.serde.AvroSerializer;
import io.coreserve.serde.InMemorySchemaRegistryClient;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.connect.converters.ByteArrayConverter;
import org.apache.kafka.connect.runtime.ConnectorConfig;
import org.apache.kafka.connect.runtime.SinkConnectorConfig;
import org.apache.kafka.connect.storage.StringConverter;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The e-mail sink on a real worker and broker, delivering to a real SMTP server in the test JVM (GreenMail):
 * notifications with an address arrive as mails; one without an address lands on the dead-letter topic.
 */
@Tag("integration")
class EmailNotificationSinkIntegrationTest {

    static final String CONNECTOR = "email-sink";
    static final String REGISTRY = "mock://email-sink-it";
    static final String NOTIFICATIONS = "coreserve.notifications";
    static final String DEAD_LETTER = "coreserve.notifications.undeliverable";

    @RegisterExtension
    static GreenMailExtension smtp = new GreenMailExtension(ServerSetupTest.SMTP.dynamicPort());

    static EmbeddedConnectCluster connect;

    @BeforeAll
    static void startConnect() {
        connect = ConnectClusters.start("email-sink-it");
        connect.kafka().createTopic(NOTIFICATIONS, 1);
        connect.kafka().createTopic(DEAD_LETTER, 1);
    }

    @AfterAll
    static void stopConnect() {
        InMemorySchemaRegistryClient.dropScope("email-sink-it");
        if (connect != null) {
            connect.stop();
        }
    }

    @Test
    void shouldMailNotificationsAndReportOneWithoutAnAddressToTheDeadLetterTopic() throws Exception {
        Notification accepted = Notifications.of(NotificationKind.ACCEPTED, "req-1", "alice", "alice@example.org");
        Notification noAddress = Notifications.of(NotificationKind.REJECTED, "req-2", "bob", null);
        Notification rejected = Notifications.of(NotificationKind.REJECTED, "req-3", "carol", "carol@example.org");
        AvroSerializer<Notification> serializer = new AvroSerializer<>();
        serializer.configure(Map.of("schema.registry.url", REGISTRY), false);
        byte[] noAddressBytes = serializer.serialize(NOTIFICATIONS, noAddress);
        try (var producer = connect.kafka().createProducer(Map.of())) {
            for (Notification n : List.of(accepted, noAddress, rejected)) {
                byte[] value = n == noAddress ? noAddressBytes : serializer.serialize(NOTIFICATIONS, n);
                producer.send(new org.apache.kafka.clients.producer.ProducerRecord<>(NOTIFICATIONS,
                        "default".getBytes(StandardCharsets.UTF_8), value)).get();
            }
        }

        Map<String, String> config = new HashMap<>();
        config.put(ConnectorConfig.CONNECTOR_CLASS_CONFIG, EmailNotificationSinkConnector.class.getName());
        config.put(ConnectorConfig.TASKS_MAX_CONFIG, "1");
        config.put(SinkConnectorConfig.TOPICS_CONFIG, NOTIFICATIONS);
        config.put(ConnectorConfig.KEY_CONVERTER_CLASS_CONFIG, StringConverter.class.getName());
        config.put(ConnectorConfig.VALUE_CONVERTER_CLASS_CONFIG, ByteArrayConverter.class.getName());
        config.put(EmailSinkConfig.SMTP_HOST, "127.0.0.1");
        config.put(EmailSinkConfig.SMTP_PORT, Integer.toString(smtp.getSmtp().getPort()));
        config.put(EmailSinkConfig.MAIL_FROM, "coreserve <reservations@coreserve.example>");
        config.put(EmailSinkConfig.SCHEMA_REGISTRY_URL, REGISTRY);
        config.put(NotificationTemplates.subjectKey(NotificationKind.ACCEPTED), "Booked: ${requestId} for ${user}");
        config.put(ConnectorConfig.ERRORS_TOLERANCE_CONFIG, "all");
        config.put(ConnectorConfig.ERRORS_LOG_ENABLE_CONFIG, "true");
        config.put(SinkConnectorConfig.DLQ_TOPIC_NAME_CONFIG, DEAD_LETTER);
        config.put(SinkConnectorConfig.DLQ_TOPIC_REPLICATION_FACTOR_CONFIG, "1");
        config.put(SinkConnectorConfig.DLQ_CONTEXT_HEADERS_ENABLE_CONFIG, "true");
        connect.configureConnector(CONNECTOR, config);
        ConnectClusters.awaitRunning(connect, CONNECTOR, 1);

        await().atMost(Duration.ofSeconds(30)).until(() -> smtp.getReceivedMessages().length >= 2);
        List<MimeMessage> mails = new ArrayList<>(Arrays.asList(smtp.getReceivedMessages()));
        mails.sort(Comparator.comparing(EmailNotificationSinkIntegrationTest::firstRecipient));
        assertThat(mails).hasSize(2);

        MimeMessage toAlice = mails.get(0);
        assertThat(firstRecipient(toAlice)).isEqualTo("alice@example.org");
        assertThat(toAlice.getSubject()).isEqualTo("Booked: req-1 for alice");
        assertThat(((InternetAddress) toAlice.getFrom()[0]).getAddress()).isEqualTo("reservations@coreserve.example");
        assertThat(toAlice.getHeader("X-Coreserve-Request-Id")).containsExactly("req-1");
        assertThat(toAlice.getMessageID()).startsWith("<coreserve." + NOTIFICATIONS + ".0.0@");
        String aliceBody = GreenMailUtil.getBody(toAlice).replace("\r\n", "\n");
        assertThat(aliceBody).startsWith("Hello alice,")
                .contains("Request req-1 was accepted")
                .contains("Reservation: res-req-1")
                .contains("Start:       2026-12-01T09:00:00Z")
                .contains("Resources:   node-0001, node-0002");

        MimeMessage toCarol = mails.get(1);
        assertThat(firstRecipient(toCarol)).isEqualTo("carol@example.org");
        assertThat(toCarol.getSubject()).isEqualTo("[coreserve] Request rejected: req-3");
        assertThat(GreenMailUtil.getBody(toCarol)).contains("Hello carol,").contains("Reservation: -");

        List<ConsumerRecord<byte[], byte[]>> dead = new ArrayList<>();
        connect.kafka().consume(1, 30_000, DEAD_LETTER).forEach(dead::add);
        assertThat(dead).singleElement().satisfies(r -> {
            assertThat(r.value()).as("the original record, untouched").isEqualTo(noAddressBytes);
            assertThat(header(r, "__connect.errors.exception.message")).contains("no e-mail address").contains("req-2");
            assertThat(header(r, "__connect.errors.topic")).isEqualTo(NOTIFICATIONS);
        });
    }

    static String firstRecipient(MimeMessage m) {
        try {
            return ((InternetAddress) m.getAllRecipients()[0]).getAddress();
        } catch (jakarta.mail.MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    static String header(ConsumerRecord<byte[], byte[]> r, String name) {
        Header h = r.headers().lastHeader(name);
        return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }
}
