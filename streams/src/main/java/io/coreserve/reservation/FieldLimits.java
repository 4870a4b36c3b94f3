package io.coreserve.reservation;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

/**
 * Length limits of ids and free-text fields. They keep every decision, store entry and changelog record small
 * enough to send (a 600 KB request id once made a decision the producer refused, which stopped the pipeline), and
 * they keep U+001F, the separator of store and record keys, and other control characters out of ids.
 * A request that breaks one is REJECTED {@code INVALID_REQUEST} naming the field and the rule; a resource or sample
 * that breaks one goes to the dead-letter topic with the same words. Values are never echoed in full:
 * {@link #bounded} stands in for an id that is too long.
 */
public final class FieldLimits {

    /** Request ids and resource ids. */
    static final int MAX_ID = 200;
    static final int MAX_USER = 128;
    static final int MAX_DOMAIN = 128;
    /** RFC 5321's limit of a forward path. */
    static final int MAX_EMAIL = 254;
    /** Names of properties and labels. */
    static final int MAX_NAME = 64;
    static final int MAX_LABEL_VALUE = 256;
    /** Entries of each map of a record (minimums, totals, requirements, properties, labels, usage). */
    static final int MAX_ENTRIES = 64;
    /** Free text, such as a cancellation's reason. */
    static final int MAX_TEXT = 1024;

    /** How much of a too-long value {@link #bounded} keeps, so that it stays recognisable. */
    private static final int KEPT_PREFIX = 40;

    private FieldLimits() {
    }

    /** A broken limit: the field and the rule, in words fit for a decision's message. */
    record Violation(String field, String rule) {
        String message() {
            return "field " + field + ": " + rule;
        }
    }

    /** A required id-like text: not blank, at most {@code max} characters, no control characters. */
    static Violation required(String field, String value, int max) {
        if (value == null || value.isBlank()) {
            return new Violation(field, "must not be blank");
        }
        return optional(field, value, max);
    }

    /** An optional text: null, or at most {@code max} characters without control characters. */
    static Violation optional(String field, String value, int max) {
        if (value == null) {
            return null;
        }
        if (value.length() > max) {
            return new Violation(field, "must be at most " + max + " characters, was " + value.length());
        }
        if (hasControlCharacter(value)) {
            return new Violation(field, "must not contain control characters");
        }
        return null;
    }

    /** Free text: control characters are allowed (a reason may have line breaks), length is not. */
    static Violation text(String field, String value, int max) {
        if (value != null && value.length() > max) {
            return new Violation(field, "must be at most " + max + " characters, was " + value.length());
        }
        return null;
    }

    /** A map: at most {@link #MAX_ENTRIES} entries, names as ids of {@link #MAX_NAME}, string values bounded. */
    static Violation map(String field, Map<String, ?> map) {
        if (map == null) {
            return null;
        }
        if (map.size() > MAX_ENTRIES) {
            return new Violation(field, "must have at most " + MAX_ENTRIES + " entries, had " + map.size());
        }
        for (Map.Entry<String, ?> e : map.entrySet()) {
            Violation name = required(field + " (a name)", e.getKey(), MAX_NAME);
            if (name != null) {
                return name;
            }
            if (e.getValue() instanceof CharSequence value) {
                Violation v = optional(field + "." + e.getKey(), value.toString(), MAX_LABEL_VALUE);
                if (v != null) {
                    return v;
                }
            }
        }
        return null;
    }

    /** The first of {@code violations} that is not null, or null. */
    static Violation first(Violation... violations) {
        for (Violation v : violations) {
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    /**
     * {@code value} itself when it is a fit id, else a stand-in that is: its first characters (control characters
     * as '?'), its length and the start of its SHA-256, e.g. {@code aaaa…[600000 chars, sha-256 3f2a…]}. The same
     * value always gives the same stand-in, so a repeated command finds what the first one got.
     */
    public static String bounded(String value) {
        if (value == null || value.length() <= MAX_ID && !hasControlCharacter(value)) {
            return value;
        }
        StringBuilder kept = new StringBuilder();
        for (int i = 0; i < Math.min(KEPT_PREFIX, value.length()); i++) {
            char c = value.charAt(i);
            kept.append(Character.isISOControl(c) || Character.isSurrogate(c) ? '?' : c);
        }
        return kept + "…[" + value.length() + " chars, sha-256 " + sha256(value).substring(0, 16) + "]";
    }

    private static boolean hasControlCharacter(String value) {
        for (int i = 0; i < value.length(); i++) {
            if (Character.isISOControl(value.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    private static String sha256(String value) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(value.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JRE", e);
        }
    }
}
