package io.coreserve.http;

import io.coreserve.cli.request.RequestSpec;
import io.coreserve.cli.request.TimeSyntax;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.reservation.ReservationQueries;
import java.time.Instant;
import java.util.Map;
import java.util.function.Function;

/**
 * A request body as the user wrote it ({@link RequestSpec}: the keys of {@code submit}'s files) checked key by key
 * before it becomes a request, so every mistake is a 400 naming the key: a missing or null value, an unreadable
 * time or duration, a null amount ({@code min: {cores: null}}). Values are not echoed when long.
 */
public final class ProbeRequests {

    /** Longer time or duration texts are refused without being parsed or echoed. */
    private static final int MAX_TIME_TEXT = 64;

    private ProbeRequests() {
    }

    public static CoAllocationRequest toRequest(RequestSpec spec, Instant now) {
        if (spec.user == null || spec.user.isBlank()) {
            throw ApiError.badField("user", "is required");
        }
        if (spec.n == null) {
            throw ApiError.badField("n", "is required (the number of resources)");
        }
        if (spec.duration == null) {
            throw ApiError.badField("duration", "is required (e.g. 2h)");
        }
        parse("duration", spec.duration, TimeSyntax::duration);
        if (spec.earliest != null) {
            parse("earliest", spec.earliest, t -> TimeSyntax.instant(t, now));
        }
        if (spec.latest != null) {
            parse("latest", spec.latest, t -> TimeSyntax.instant(t, now));
        }
        amounts("min", spec.min);
        amounts("total", spec.total);
        amounts("require", spec.require);
        return spec.toRequest(now);
    }

    private static void parse(String field, String text, Function<String, ?> parser) {
        if (text.length() > MAX_TIME_TEXT) {
            throw ApiError.badField(field, "must be at most " + MAX_TIME_TEXT + " characters, was " + text.length());
        }
        try {
            parser.apply(text);
        } catch (IllegalArgumentException e) {
            throw ApiError.badField(field, e.getMessage());
        }
    }

    private static void amounts(String field, Map<String, ?> values) {
        if (values == null) {
            throw ApiError.badField(field, "must be a map (e.g. {cores: 1}), not null");
        }
        for (Map.Entry<String, ?> e : values.entrySet()) {
            if (e.getValue() == null) {
                throw ApiError.badField(field + "." + e.getKey(), "must have a value, not null");
            }
        }
    }

    /** The Content-Type of an SRL body ({@code POST /probe}). */
    static final String SRL_TYPE = "text/x-srl";

    static boolean isSrl(String contentType) {
        return contentType != null && contentType.toLowerCase(java.util.Locale.ROOT).startsWith(SRL_TYPE);
    }

    /**
     * The plan of an SRL co-reservation now, booking nothing: the decision a submit would get (as JSON) with the
     * reservation candidates per part, the parts the cap cut, the solver and its time. SRL that breaks a rule of the
     * language is a 400 naming the attribute, the rule, the line and the column, as other bad bodies.
     */
    static HttpApi.Response srl(ReservationQueries queries, String domain, String user, String id, String srl,
            long now) {
        String who = user == null || user.isBlank() ? "anonymous" : user;
        String requestId = id == null || id.isBlank() ? "probe" : id;
        queries.checkSrlFields(domain, who, requestId, srl).ifPresent(v -> {
            throw new ApiError(400, v.field(), v.rule());
        });
        ReservationQueries.SrlProbe probe = queries.probeSrl(domain, who, requestId, srl, now);
        if ("INVALID_REQUEST".equals(probe.decision().getReasonCode())) {
            throw new ApiError(400, probe.decision().getField(), probe.decision().getMessage());
        }
        Map<String, Object> answer = new java.util.LinkedHashMap<>();
        AvroJson.toJson(probe.decision()).properties().forEach(e -> answer.put(e.getKey(), e.getValue()));
        answer.put("candidatesPerPart", probe.candidatesPerPart());
        answer.put("cappedParts", probe.cappedParts());
        answer.put("solver", probe.solver());
        answer.put("solveMillis", probe.solveMillis());
        return HttpApi.Response.ok(answer);
    }
}
