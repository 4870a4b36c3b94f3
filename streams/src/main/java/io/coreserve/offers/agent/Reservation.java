package io.coreserve.offers.agent;

/**
 * An accepted advance reservation AR&lt;s, n, D, J, c&gt; (Algorithm 2, line 22): {@code processors}
 * processors of provider {@code provider} for job {@code jobId} during [start, end).
 */
public record Reservation(int provider, long jobId, long start, long end, int processors) {

    public Reservation {
        if (end <= start || processors <= 0) {
            throw new IllegalArgumentException("a reservation needs a duration and processors");
        }
    }

    public long duration() {
        return end - start;
    }
}
