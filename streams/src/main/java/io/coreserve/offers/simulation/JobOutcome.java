package io.coreserve.offers.simulation;

/**
 * How one job went: submitted at S, started at E (its first part), finished at F (its last part, as
 * actually run), on {@code clusters} distinct clusters in {@code parts} parts.
 */
public record JobOutcome(long jobId, long submit, long start, long finish, int processors, int clusters, int parts) {

    public long waitSeconds() {
        return start - submit;
    }

    public long runSeconds() {
        return finish - start;
    }
}
