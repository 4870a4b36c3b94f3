package io.coreserve.http;

import io.coreserve.cli.request.RequestSpec;
import io.coreserve.cli.request.TimeSyntax;
import io.coreserve.events.CoAllocationRequest;
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
}
