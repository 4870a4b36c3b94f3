package io.coreserve.engine.exact;

/** Which resources the oracle may choose from. */
public enum Scope {
    /** Every resource that matches the request (labels and p_ij >= e_i). */
    ALL,
    /** A given candidate set, e.g. the heuristic's R_job of Phase I (as the paper's brute force searched). */
    CANDIDATES;

    /** "all" or "candidates", as in the JSON report. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
