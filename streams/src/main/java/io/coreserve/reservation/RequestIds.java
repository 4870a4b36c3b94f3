package io.coreserve.reservation;

/**
 * What a new request's id may contain: letters, digits and {@code - _ . ~ : @ + = ,}. A request is read back with
 * {@code GET /reservations/ID} and named on command lines, so its id must travel in a URL path segment as it is:
 * a {@code /} would split the path, {@code ?}, {@code #} and {@code %} would end or escape it, spaces need quoting,
 * and {@code .} or {@code ..} are removed by path normalisation. Only new requests are held to it; a reservation made
 * before the rule can still be cancelled by its id. The CLI checks the same rule before it sends.
 */
public final class RequestIds {

    /** The rule in words, for decisions and command errors. */
    public static final String RULE = "may contain only letters, digits and - _ . ~ : @ + = , "
            + "(the id is part of the URL GET /reservations/ID), and must not be . or ..";

    private static final String PUNCTUATION = "-_.~:@+=,";

    private RequestIds() {
    }

    /** Null when {@code id} is fit for a new request, else the rule and the first character that breaks it. */
    public static String problem(String id) {
        if (id == null || id.isEmpty()) {
            return null; // "required" is the length rules' to say
        }
        if (id.equals(".") || id.equals("..")) {
            return RULE + ", was '" + id + "'";
        }
        for (int i = 0; i < id.length(); ) {
            int c = id.codePointAt(i);
            if (!Character.isLetterOrDigit(c) && PUNCTUATION.indexOf(c) < 0) {
                return RULE + "; found " + describe(c) + " at position " + (i + 1);
            }
            i += Character.charCount(c);
        }
        return null;
    }

    private static String describe(int c) {
        return Character.isWhitespace(c) || Character.isISOControl(c)
                ? String.format("U+%04X", c) : "'" + new String(Character.toChars(c)) + "'";
    }
}
