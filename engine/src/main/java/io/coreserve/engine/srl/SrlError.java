package io.coreserve.engine.srl;

/**
 * A refusal of an SRL request that names where and why: the attribute (field), the rule it breaks, and the line
 * and column of the text (0 when the error is not tied to one place, e.g. an empty request).
 */
public record SrlError(ReasonCode code, String field, String rule, int line, int column, String message) {

    /** One line for a decision or a log: {@code line 3, column 17: IBM.CON.c: ... (rule=scope)}. */
    public String describe() {
        String where = line > 0 ? "line " + line + ", column " + column + ": " : "";
        return where + (field == null ? "" : field + ": ") + message + " (rule=" + rule + ")";
    }
}
