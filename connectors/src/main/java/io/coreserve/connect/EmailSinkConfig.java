package io.coreserve.connect;

import io.coreserve.events.NotificationKind;
import io.coreserve.serde.AvroSerdeConfig;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigException;

/** Configuration of {@link EmailNotificationSinkConnector}, declared once. */
public final class EmailSinkConfig extends AbstractConfig {

    /** How the connection to the SMTP server is protected. */
    public enum Security {
        /** Plain SMTP (port 25 or a local relay). */
        NONE,
        /** SMTP upgraded with STARTTLS, required (port 587). */
        STARTTLS,
        /** SMTP over TLS from the first byte (port 465). */
        SMTPS
    }

    public static final String SMTP_HOST = "smtp.host";
    public static final String SMTP_PORT = "smtp.port";
    public static final String SMTP_SECURITY = "smtp.security";
    public static final String SMTP_USERNAME = "smtp.username";
    public static final String SMTP_PASSWORD = "smtp.password";
    public static final String SMTP_TIMEOUT_MS = "smtp.timeout.ms";
    public static final String SMTP_SSL_TRUST = "smtp.ssl.trust";
    public static final String MAIL_FROM = "mail.from";
    public static final String RETRY_MAX_ATTEMPTS = "retry.max.attempts";
    public static final String RETRY_BACKOFF_INITIAL_MS = "retry.backoff.initial.ms";
    public static final String RETRY_BACKOFF_MAX_MS = "retry.backoff.max.ms";
    public static final String SCHEMA_REGISTRY_URL = AvroSerdeConfig.SCHEMA_REGISTRY_URL;

    private static final String SMTP = "SMTP";
    private static final String MAIL = "Mail";
    private static final String RETRIES = "Retries";
    private static final String TEMPLATES = "Templates";

    public static final ConfigDef CONFIG_DEF = configDef();

    public EmailSinkConfig(Map<?, ?> originals) {
        super(CONFIG_DEF, originals);
    }

    private static ConfigDef configDef() {
        ConfigDef def = new ConfigDef()
                .define(SMTP_HOST, Type.STRING, ConfigDef.NO_DEFAULT_VALUE, new ConfigDef.NonEmptyString(), Importance.HIGH,
                        "SMTP server host.", SMTP, 1, ConfigDef.Width.MEDIUM, "SMTP host")
                .define(SMTP_PORT, Type.INT, 25, ConfigDef.Range.between(1, 65535), Importance.HIGH,
                        "SMTP server port (25 plain, 587 STARTTLS, 465 SMTPS).", SMTP, 2, ConfigDef.Width.SHORT, "SMTP port")
                .define(SMTP_SECURITY, Type.STRING, "none",
                        ConfigDef.CaseInsensitiveValidString.in("none", "starttls", "smtps"), Importance.HIGH,
                        "Connection security: none, starttls (required, not opportunistic) or smtps.",
                        SMTP, 3, ConfigDef.Width.SHORT, "Security")
                .define(SMTP_USERNAME, Type.STRING, "", Importance.MEDIUM,
                        "User name for SMTP AUTH; empty for no authentication.", SMTP, 4, ConfigDef.Width.MEDIUM, "User name")
                .define(SMTP_PASSWORD, Type.PASSWORD, "", Importance.MEDIUM,
                        "Password for SMTP AUTH (use a config provider, e.g. ${file:/secrets:smtp.password}).",
                        SMTP, 5, ConfigDef.Width.MEDIUM, "Password")
                .define(SMTP_TIMEOUT_MS, Type.INT, 10_000, ConfigDef.Range.between(100, 600_000), Importance.LOW,
                        "Connect, read and write timeout of the SMTP connection.", SMTP, 6, ConfigDef.Width.SHORT, "Timeout")
                .define(SMTP_SSL_TRUST, Type.STRING, "", Importance.LOW,
                        "Hosts whose TLS certificate is trusted without validation (mail.smtp.ssl.trust), e.g. a test "
                                + "server with a self-signed certificate; empty: the JVM's trust store decides.",
                        SMTP, 7, ConfigDef.Width.MEDIUM, "Trusted TLS hosts")
                .define(MAIL_FROM, Type.STRING, ConfigDef.NO_DEFAULT_VALUE,
                        ConfigDef.LambdaValidator.with(EmailSinkConfig::validateAddress, () -> "an e-mail address"),
                        Importance.HIGH, "Sender address, e.g. \"coreserve <reservations@example.org>\".",
                        MAIL, 1, ConfigDef.Width.MEDIUM, "From")
                .define(RETRY_MAX_ATTEMPTS, Type.INT, 10, ConfigDef.Range.between(1, 1000), Importance.MEDIUM,
                        "Deliveries of a batch that fail transiently (server unreachable, 4xx reply) are retried by the "
                                + "worker (RetriableException) up to this many attempts in all; then each undelivered "
                                + "record goes to the error reporter (dead-letter topic with errors.tolerance=all, else "
                                + "the task fails).", RETRIES, 1, ConfigDef.Width.SHORT, "Attempts")
                .define(RETRY_BACKOFF_INITIAL_MS, Type.LONG, 1_000L, ConfigDef.Range.atLeast(0), Importance.LOW,
                        "Back-off before the first retry; doubled each attempt.", RETRIES, 2, ConfigDef.Width.SHORT,
                        "Initial back-off")
                .define(RETRY_BACKOFF_MAX_MS, Type.LONG, 60_000L, ConfigDef.Range.atLeast(0), Importance.LOW,
                        "Longest back-off between retries.", RETRIES, 3, ConfigDef.Width.SHORT, "Maximum back-off")
                .define(SCHEMA_REGISTRY_URL, Type.STRING, ConfigDef.NO_DEFAULT_VALUE, new ConfigDef.NonEmptyString(),
                        Importance.HIGH, "Schema registry (Confluent API) to read the Notification values with, or "
                                + "mock://scope in tests; use ByteArrayConverter as the value converter.",
                        MAIL, 2, ConfigDef.Width.LONG, "Schema registry URL");
        int order = 1;
        for (NotificationKind kind : NotificationKind.values()) {
            def.define(NotificationTemplates.subjectKey(kind), Type.STRING, NotificationTemplates.defaultSubject(kind),
                    templateValidator(), Importance.LOW, "Subject of " + kind + " notifications; placeholders ${field} "
                            + "with field one of " + NotificationTemplates.FIELDS_DOC + ".",
                    TEMPLATES, order++, ConfigDef.Width.LONG, kind + " subject");
            def.define(NotificationTemplates.bodyKey(kind), Type.STRING, NotificationTemplates.DEFAULT_BODY,
                    templateValidator(), Importance.LOW, "Plain-text body of " + kind + " notifications; same placeholders.",
                    TEMPLATES, order++, ConfigDef.Width.LONG, kind + " body");
        }
        return def;
    }

    public Security security() {
        return Security.valueOf(getString(SMTP_SECURITY).toUpperCase(Locale.ROOT));
    }

    public NotificationTemplates templates() {
        Map<NotificationKind, NotificationTemplates.Template> templates = new EnumMap<>(NotificationKind.class);
        for (NotificationKind kind : NotificationKind.values()) {
            templates.put(kind, new NotificationTemplates.Template(getString(NotificationTemplates.subjectKey(kind)),
                    getString(NotificationTemplates.bodyKey(kind))));
        }
        return new NotificationTemplates(templates);
    }

    public Map<String, Object> serdeSettings() {
        return Map.of(SCHEMA_REGISTRY_URL, getString(SCHEMA_REGISTRY_URL));
    }

    private static ConfigDef.Validator templateValidator() {
        return ConfigDef.LambdaValidator.with((name, value) -> {
            Set<String> unknown = NotificationTemplates.unknownPlaceholders(String.valueOf(value));
            if (!unknown.isEmpty()) {
                throw new ConfigException(name, value, "unknown placeholder(s) " + unknown + "; known: "
                        + NotificationTemplates.FIELDS_DOC);
            }
        }, () -> "text with ${field} placeholders: " + NotificationTemplates.FIELDS_DOC);
    }

    private static void validateAddress(String name, Object value) {
        if (value == null || value.toString().isBlank()) {
            throw new ConfigException(name, value, "a sender address is required");
        }
        try {
            new InternetAddress(value.toString(), true);
        } catch (AddressException e) {
            throw new ConfigException(name, value, "not an e-mail address: " + e.getMessage());
        }
    }
}
