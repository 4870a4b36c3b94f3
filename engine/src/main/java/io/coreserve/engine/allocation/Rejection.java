package io.coreserve.engine.allocation;

/**
 * A request the engine does not allocate.
 *
 * @param field   for INVALID_REQUEST the offending field (e.g. "count", "totals.memory_gb"), else null
 * @param rule    for INVALID_REQUEST the rule it breaks, else null
 * @param message for people
 */
public record Rejection(String requestId, RejectionReason reason, String field, String rule, String message,
        SearchStats stats) implements Outcome {

    static Rejection invalid(String requestId, String field, String rule) {
        return new Rejection(requestId, RejectionReason.INVALID_REQUEST, field, rule,
                "invalid request: " + field + " " + rule, SearchStats.NONE);
    }
}
