package io.coreserve.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.coreserve.events.Notification;
import io.coreserve.events.NotificationKind;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.ConfigValue;
import org.apache.kafka.connect.sink.SinkConnector;
import org.apache.kafka.connect.source.SourceConnector;
import org.junit.jupiter.api.Test;

class ConnectorConfigTest {

    @Test
    void shouldBeRegisteredForServiceLoading() {
        assertThat(ServiceLoader.load(SourceConnector.class).stream().map(p -> p.type().getName()))
                .contains(TraceSourceConnector.class.getName());
        assertThat(ServiceLoader.load(SinkConnector.class).stream().map(p -> p.type().getName()))
                .contains(EmailNotificationSinkConnector.class.getName());
    }

    @Test
    void shouldRefuseBadSinkSettings() {
        Map<String, String> good = Map.of(EmailSinkConfig.SMTP_HOST, "mail.example.org",
                EmailSinkConfig.MAIL_FROM, "coreserve <r@example.org>", EmailSinkConfig.SCHEMA_REGISTRY_URL, "mock://x");
        assertThat(new EmailSinkConfig(good).security()).isEqualTo(EmailSinkConfig.Security.NONE);

        assertThatThrownBy(() -> new EmailSinkConfig(with(good, EmailSinkConfig.SMTP_SECURITY, "ssl")))
                .isInstanceOf(ConfigException.class).hasMessageContaining(EmailSinkConfig.SMTP_SECURITY);
        assertThatThrownBy(() -> new EmailSinkConfig(with(good, EmailSinkConfig.SMTP_PORT, "70000")))
                .isInstanceOf(ConfigException.class);
        assertThatThrownBy(() -> new EmailSinkConfig(with(good, EmailSinkConfig.MAIL_FROM, "nobody at all")))
                .isInstanceOf(ConfigException.class).hasMessageContaining(EmailSinkConfig.MAIL_FROM);
        assertThatThrownBy(() -> new EmailSinkConfig(with(good, NotificationTemplates.subjectKey(NotificationKind.ACCEPTED),
                "Hi ${usr}"))).isInstanceOf(ConfigException.class).hasMessageContaining("usr");
        assertThat(new EmailSinkConfig(with(good, EmailSinkConfig.SMTP_SECURITY, "STARTTLS")).security())
                .isEqualTo(EmailSinkConfig.Security.STARTTLS);
    }

    @Test
    void shouldRenderTemplatesWithDashesForMissingValuesAndOneLineSubjects() {
        Notification n = Notifications.of(NotificationKind.COUNTER_OFFER, "r9", "zoe", "zoe@example.org");
        n.setReservationId(null);
        n.setRequestId("r9\nBcc: someone@example.org");
        NotificationTemplates templates = new EmailSinkConfig(Map.of(EmailSinkConfig.SMTP_HOST, "h",
                EmailSinkConfig.MAIL_FROM, "a@b.c", EmailSinkConfig.SCHEMA_REGISTRY_URL, "mock://x")).templates();
        assertThat(templates.subject(n)).isEqualTo("[coreserve] Counter-offer for request r9 Bcc: someone@example.org");
        assertThat(templates.body(n)).contains("Reservation: -").contains("(COUNTER_OFFER, 2026-11-21T12:00:00Z)");
    }

    @Test
    void shouldNeedATraceAndValidSourceSettings() {
        TraceSourceConnector connector = new TraceSourceConnector();
        Map<String, String> none = Map.of(TraceSourceConfig.SCHEMA_REGISTRY_URL, "mock://x");
        List<String> errors = connector.validate(none).configValues().stream()
                .filter(v -> v.name().equals(TraceSourceConfig.SWF_FILES))
                .flatMap(v -> v.errorMessages().stream()).toList();
        assertThat(errors).singleElement().asString().contains("at least one trace");

        Map<String, String> bad = new HashMap<>(none);
        bad.put(TraceSourceConfig.SWF_FILES, "/data/a.swf");
        bad.put(TraceSourceConfig.REQUEST_WINDOW, "24h");
        bad.put(TraceSourceConfig.TRACE_START, "yesterday");
        assertThat(connector.validate(bad).configValues()).filteredOn(v -> !v.errorMessages().isEmpty())
                .extracting(ConfigValue::name)
                .containsExactlyInAnyOrder(TraceSourceConfig.REQUEST_WINDOW, TraceSourceConfig.TRACE_START);
    }

    @Test
    void shouldSpreadTracesOverTheTasks() {
        TraceSourceConnector connector = new TraceSourceConnector();
        connector.start(Map.of(TraceSourceConfig.SWF_FILES, "/data/a.swf,/data/b.swf",
                TraceSourceConfig.PLANETLAB_DIRS, "/data/20110303", TraceSourceConfig.SCHEMA_REGISTRY_URL, "mock://x"));
        List<Map<String, String>> tasks = connector.taskConfigs(2);
        assertThat(tasks).hasSize(2);
        assertThat(TraceRef.decodeAll(tasks.get(0).get(TraceSourceConnector.TASK_TRACES))).extracting(r -> r.path().toString())
                .containsExactly("/data/a.swf", "/data/20110303");
        assertThat(TraceRef.decodeAll(tasks.get(1).get(TraceSourceConnector.TASK_TRACES))).extracting(r -> r.path().toString())
                .containsExactly("/data/b.swf");
        assertThat(connector.taskConfigs(8)).hasSize(3);
    }

    private static Map<String, String> with(Map<String, String> base, String key, String value) {
        Map<String, String> copy = new HashMap<>(base);
        copy.put(key, value);
        return copy;
    }
}
