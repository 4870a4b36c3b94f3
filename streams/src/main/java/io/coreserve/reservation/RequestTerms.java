package io.coreserve.reservation;

import io.coreserve.config.Settings;
import io.coreserve.engine.allocation.Rejection;
import io.coreserve.events.CoAllocationRequest;
import java.time.Instant;
import java.util.Map;

/**
 * A request's mistakes in the words of the person who wrote it. The engine names its own model's fields
 * ({@code count}, {@code perResource.gpus}); a decision names the field of the request event ({@code resourceCount},
 * {@code minimums.gpus}), which every sender shares, and its message names the key of a request file and the flag of
 * {@code submit} ({@code n (--n)}, {@code min.gpus (--min gpus=...)}), which is what a user wrote. Also the rules the
 * pipeline adds to the engine's: a window entirely in the past, the longest duration, the characters of an id.
 */
final class RequestTerms {

    /** A field of the request event and the message that names it as its user wrote it. */
    record Invalid(String field, String message) {
    }

    /** Engine model field -> request event field; amounts and labels keep their property name after a dot. */
    private static final Map<String, String> EVENT_FIELD = Map.of(
            "userId", "user", "count", "resourceCount", "perResource", "minimums", "labels", "requirements");

    /** Request event field -> request file key (the flag is the same with two dashes). */
    private static final Map<String, String> FILE_KEY = Map.ofEntries(Map.entry("requestId", "id"),
            Map.entry("user", "user"), Map.entry("email", "email"), Map.entry("domain", "domain"),
            Map.entry("resourceCount", "n"), Map.entry("durationMillis", "duration"),
            Map.entry("earliestStart", "earliest"), Map.entry("latestStart", "latest"), Map.entry("minimums", "min"),
            Map.entry("totals", "total"), Map.entry("requirements", "require"));

    private RequestTerms() {
    }

    /** The engine's rejection of a request as the request event's field and a message in the user's terms. */
    static Invalid of(Rejection rejection) {
        String field = eventField(rejection.field());
        return new Invalid(field, "invalid request: " + userTerms(field) + ": " + rejection.rule());
    }

    /** A field limit a request broke, in the user's terms. */
    static Invalid of(FieldLimits.Violation violation) {
        return new Invalid(violation.field(), "invalid request: " + userTerms(violation.field()) + ": "
                + violation.rule());
    }

    /**
     * What the pipeline refuses before the engine looks at {@code r}, or null: a window that ended before
     * {@code notBefore} and a duration above {@code settings}' maximum. {@code notBefore} is the time of the decision
     * ({@code decidedAt}), or later when the books have forgotten that far (they forget what ended a
     * {@code coreserve.history.retention} before the latest event seen, e.g. a catalogue published today).
     */
    static Invalid beforeEngine(CoAllocationRequest r, long decidedAt, long notBefore, ReservationSettings settings) {
        Instant earliest = r.getEarliestStart();
        Instant latest = r.getLatestStart();
        // A window the wrong way round is the engine's to name (t_l before t_e); this is one that is merely over.
        if (latest != null && latest.toEpochMilli() < notBefore
                && (earliest == null || !latest.isBefore(earliest))) {
            String over = notBefore <= decidedAt ? "the time of this decision, " + Instant.ofEpochMilli(decidedAt)
                    : Instant.ofEpochMilli(notBefore) + ", the earliest time the books still hold (they forget what "
                            + "ended " + Settings.HISTORY_RETENTION + " before the latest event they have seen)";
            return new Invalid("latestStart", "invalid request: the requested window lies entirely in the past: "
                    + userTerms("latestStart") + " is " + latest + ", before " + over
                    + "; ask for a window that ends later");
        }
        String tooLong = DurationLimit.problem(r.getDurationMillis(), settings.maxDuration());
        if (tooLong != null) {
            return new Invalid("durationMillis", "invalid request: " + userTerms("durationMillis") + ": " + tooLong);
        }
        return null;
    }

    /** The id rule of {@link RequestIds} for a new request's id, as a field limit. */
    static FieldLimits.Violation idProblem(String requestId) {
        String problem = RequestIds.problem(requestId);
        return problem == null ? null : new FieldLimits.Violation("requestId", problem);
    }

    /** {@code count} -> {@code resourceCount}, {@code perResource.gpus} -> {@code minimums.gpus}. */
    static String eventField(String engineField) {
        if (engineField == null) {
            return null;
        }
        int dot = engineField.indexOf('.');
        String head = dot < 0 ? engineField : engineField.substring(0, dot);
        return EVENT_FIELD.getOrDefault(head, head) + (dot < 0 ? "" : engineField.substring(dot));
    }

    /**
     * {@code resourceCount} -> {@code n (--n)}, {@code minimums.gpus} -> {@code min.gpus (--min gpus=...)}; a field
     * a request file does not have is named as it is.
     */
    static String userTerms(String eventField) {
        if (eventField == null) {
            return "the request";
        }
        int dot = eventField.indexOf('.');
        int note = eventField.indexOf(" (");
        int end = dot >= 0 ? dot : note >= 0 ? note : eventField.length();
        String head = eventField.substring(0, end);
        String key = FILE_KEY.get(head);
        if (key == null) {
            return eventField;
        }
        if (dot >= 0) {
            String name = eventField.substring(dot + 1);
            return key + "." + name + " (--" + key + " " + name + "=...)";
        }
        return key + eventField.substring(end) + " (--" + key + ")";
    }
}
