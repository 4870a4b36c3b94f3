package io.coreserve.connect;

import io.coreserve.events.Notification;
import io.coreserve.events.NotificationKind;
import java.time.Instant;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Subject and body of the e-mail for each notification kind, with {@code ${field}} placeholders filled from the
 * notification: {@value #FIELDS_DOC}. Missing values render as {@code -}; times are ISO-8601 UTC.
 */
public final class NotificationTemplates {

    static final String FIELDS_DOC = "user, email, kind, requestId, reservationId, message, start, end, resourceIds, time";
    public static final Set<String> FIELDS = Set.of(FIELDS_DOC.split(", "));

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z]+)}");

    public static final String DEFAULT_BODY = """
            Hello ${user},

            ${message}

            Request:     ${requestId}
            Reservation: ${reservationId}
            Start:       ${start}
            End:         ${end}
            Resources:   ${resourceIds}

            -- coreserve notification service (${kind}, ${time})
            """;

    private static final Map<NotificationKind, String> DEFAULT_SUBJECTS = new EnumMap<>(Map.of(
            NotificationKind.ACCEPTED, "[coreserve] Reservation accepted: ${requestId}",
            NotificationKind.REJECTED, "[coreserve] Request rejected: ${requestId}",
            NotificationKind.COUNTER_OFFER, "[coreserve] Counter-offer for request ${requestId}",
            NotificationKind.CANCELLED, "[coreserve] Reservation cancelled: ${requestId}",
            NotificationKind.STARTING, "[coreserve] Reservation starting: ${requestId}",
            NotificationKind.COMPLETED, "[coreserve] Reservation completed: ${requestId}",
            NotificationKind.RESOURCE_LOST, "[coreserve] A resource of ${requestId} was lost",
            NotificationKind.EXPIRED, "[coreserve] Offer expired: ${requestId}",
            NotificationKind.OTHER, "[coreserve] About request ${requestId}"));

    /** A subject and a body template. */
    public record Template(String subject, String body) {
    }

    private final Map<NotificationKind, Template> templates;

    public NotificationTemplates(Map<NotificationKind, Template> templates) {
        this.templates = new EnumMap<>(templates);
        for (NotificationKind kind : NotificationKind.values()) {
            this.templates.putIfAbsent(kind, new Template(defaultSubject(kind), DEFAULT_BODY));
        }
    }

    public static String defaultSubject(NotificationKind kind) {
        return DEFAULT_SUBJECTS.get(kind);
    }

    /** The config key of a kind's subject template, e.g. {@code template.counter_offer.subject}. */
    public static String subjectKey(NotificationKind kind) {
        return "template." + kind.name().toLowerCase(Locale.ROOT) + ".subject";
    }

    public static String bodyKey(NotificationKind kind) {
        return "template." + kind.name().toLowerCase(Locale.ROOT) + ".body";
    }

    /** The placeholders of a template that are not fields of a notification. */
    public static Set<String> unknownPlaceholders(String template) {
        Set<String> unknown = new TreeSet<>();
        Matcher m = PLACEHOLDER.matcher(template);
        while (m.find()) {
            if (!FIELDS.contains(m.group(1))) {
                unknown.add(m.group(1));
            }
        }
        return unknown;
    }

    public String subject(Notification n) {
        // a header is one line: a value with a line break must not start another header
        return render(templates.get(n.getKind()).subject(), n).replaceAll("[\\r\\n]+", " ").strip();
    }

    public String body(Notification n) {
        return render(templates.get(n.getKind()).body(), n);
    }

    static String render(String template, Notification n) {
        Map<String, String> values = values(n);
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(value != null ? value : m.group()));
        }
        m.appendTail(out);
        return out.toString();
    }

    static Map<String, String> values(Notification n) {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("user", orDash(n.getUser()));
        v.put("email", orDash(n.getEmail()));
        v.put("kind", n.getKind().name());
        v.put("requestId", orDash(n.getRequestId()));
        v.put("reservationId", orDash(n.getReservationId()));
        v.put("message", orDash(n.getMessage()));
        v.put("start", time(n.getStart()));
        v.put("end", time(n.getEnd()));
        List<String> ids = n.getResourceIds();
        v.put("resourceIds", ids == null || ids.isEmpty() ? "-" : String.join(", ", ids));
        v.put("time", time(n.getTime()));
        return v;
    }

    private static String orDash(String s) {
        return s == null || s.isBlank() ? "-" : s;
    }

    private static String time(Instant t) {
        return t == null ? "-" : t.toString();
    }
}
