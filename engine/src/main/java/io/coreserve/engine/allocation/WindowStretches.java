package io.coreserve.engine.allocation;

/**
 * The window of start times [t_e, t_l] cut into stretches taken in the search's order: from t_e up for EARLIEST,
 * from t_l down for LATEST. The first stretch spans {@link #FIRST} or the request's duration, whichever is longer,
 * and each next one twice the one before, so a search that succeeds near its end of the window sweeps little, and
 * one that sweeps the whole window pays for about log2(window / first) stretch boundaries (each sweeps t_res
 * beyond its stretch again; a stretch never shorter than t_res keeps that under the stretch itself).
 *
 * <p>Why stretches: Phase IV tries the start times in order and stops at the first admissible set, but Phase III
 * used to sweep every candidate over the whole window first. On full books a closest-free search has a window of
 * days (the counter-offer horizon) and 600 candidates, and found its answer after a handful of start times: 14 ms of
 * Phase III for a result that lay a median 17 minutes after the request's window.
 */
final class WindowStretches {

    /** The first stretch: a quarter of an hour of start times (or t_res, if longer). */
    static final long FIRST = 15 * 60_000L;

    private final long earliest;
    private final long latest;
    private final boolean ascending;
    private long length;
    private long from;
    private long to;
    private boolean started;
    private boolean done;

    /** The stretches of {@code request}'s window, the first {@code first} long (or t_res, if longer). */
    WindowStretches(ResolvedRequest request, SearchOrder order, long first) {
        this(request.earliest(), request.latest(), request.duration(), order, first);
    }

    WindowStretches(long earliest, long latest, long duration, SearchOrder order, long first) {
        if (first < 1) {
            throw new IllegalArgumentException("a first stretch of " + first + " ms");
        }
        this.earliest = earliest;
        this.latest = latest;
        this.ascending = order == SearchOrder.EARLIEST;
        this.length = Math.max(first, duration);
        this.done = earliest > latest;                        // an empty window has no start times to search
    }

    /** Moves to the next stretch; false when the window is covered. */
    boolean next() {
        if (done) {
            return false;
        }
        if (ascending) {
            from = started ? to + 1 : earliest;
            to = from + length - 1 < from || from + length - 1 >= latest ? latest : from + length - 1;
            done = to == latest;
        } else {
            to = started ? from - 1 : latest;
            from = to - length + 1 > to || to - length + 1 <= earliest ? earliest : to - length + 1;
            done = from == earliest;
        }
        started = true;
        length = length > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : length * 2;
        return true;
    }

    /** The current stretch's first start time. */
    long from() {
        return from;
    }

    /** The current stretch's last start time. */
    long to() {
        return to;
    }
}
