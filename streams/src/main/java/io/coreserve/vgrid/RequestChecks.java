package io.coreserve.vgrid;

import io.coreserve.events.VirtualGridRequest;

/**
 * The field rules of a {@link VirtualGridRequest} that come before its vgDL: a broken one is {@code REJECTED
 * INVALID_REQUEST} naming the field and the rule. The request id leaves room for the booking ids
 * {@code vg:{request}:{component}:{selection}} within the domains' 200-character limit.
 */
final class RequestChecks {

    static final int MAX_REQUEST_ID = 160;
    static final int MAX_USER = 128;
    static final int MAX_EMAIL = 254;
    static final int MAX_VGDL = 64 * 1024;
    static final int MAX_SELECTIONS = 64;

    /** A broken rule: the field and the rule in words. */
    record Violation(String field, String rule) {
    }

    private RequestChecks() {
    }

    static Violation first(VirtualGridRequest r) {
        Violation v = id("requestId", r.getRequestId(), MAX_REQUEST_ID);
        if (v == null) {
            v = id("user", r.getUser(), MAX_USER);
        }
        if (v == null && r.getEmail() != null && r.getEmail().length() > MAX_EMAIL) {
            v = new Violation("email", "must be at most " + MAX_EMAIL + " characters");
        }
        if (v == null && r.getVgdl().length() > MAX_VGDL) {
            v = new Violation("vgdl", "must be at most " + MAX_VGDL + " characters");
        }
        if (v == null && r.getDurationMillis() <= 0) {
            v = new Violation("durationMillis", "must be positive");
        }
        if (v == null && (r.getSelections() < 1 || r.getSelections() > MAX_SELECTIONS)) {
            v = new Violation("selections", "must be 1 to " + MAX_SELECTIONS + ", not " + r.getSelections());
        }
        if (v == null && r.getLatestStart() != null && r.getEarliestStart() != null
                && r.getLatestStart().isBefore(r.getEarliestStart())) {
            v = new Violation("latestStart", "must not be before earliestStart");
        }
        return v;
    }

    private static Violation id(String field, String value, int max) {
        if (value == null || value.isBlank()) {
            return new Violation(field, "must not be empty");
        }
        if (value.length() > max) {
            return new Violation(field, "must be at most " + max + " characters");
        }
        if (value.chars().anyMatch(Character::isISOControl)) {
            return new Violation(field, "must not contain control characters");
        }
        return null;
    }
}
