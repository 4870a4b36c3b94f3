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
 *
 * <p>Given the window's live times (where Phase III can find a start time at all: at least N candidates may be free
 * and no remembered search proved nothing admissible), a stretch's length counts live time only; the dead times in
 * between come with it for free, as Phase III sweeps nothing there. Why: on full books a search after a window finds
 * its answer where the books' filled part ends, a median three days on, past days where fewer than N candidates may
 * be free or the memory proved nothing admissible. Counted in plain time it crossed them in 8 stretches on average,
 * each a pass over every candidate (about 560) that found nothing; counted in live time, in 1.5 (the engine benchmark
 * on saturated books: Phase III of a search after a window 0.435 -> 0.409 ms, before one 0.244 -> 0.226 ms; about
 * 3 % of a decision, within the spread of paired runs).
 */
final class WindowStretches {

    /** The first stretch: a quarter of an hour of start times (or t_res, if longer). */
    static final long FIRST = 15 * 60_000L;

    private final long earliest;
    private final long latest;
    private final boolean ascending;
    /** The live times ([lo, hi] pairs, ascending, disjoint), or null when every time counts. */
    private final long[] live;
    /** The live interval the next stretch starts in or before (in the search's order). */
    private int at;
    private long length;
    private long from;
    private long to;
    private boolean started;
    private boolean done;

    /** The stretches of {@code request}'s window, the first {@code first} long (or t_res, if longer). */
    WindowStretches(ResolvedRequest request, SearchOrder order, long first) {
        this(request.earliest(), request.latest(), request.duration(), order, first, null);
    }

    /**
     * The stretches of {@code request}'s window, each {@code first} (or t_res) and then twice as much live time as the
     * one before; {@code live}: [lo, hi] pairs, ascending and disjoint (null: every time is live).
     */
    WindowStretches(ResolvedRequest request, SearchOrder order, long first, long[] live) {
        this(request.earliest(), request.latest(), request.duration(), order, first, live);
    }

    WindowStretches(long earliest, long latest, long duration, SearchOrder order, long first) {
        this(earliest, latest, duration, order, first, null);
    }

    WindowStretches(long earliest, long latest, long duration, SearchOrder order, long first, long[] live) {
        if (first < 1) {
            throw new IllegalArgumentException("a first stretch of " + first + " ms");
        }
        this.earliest = earliest;
        this.latest = latest;
        this.ascending = order == SearchOrder.EARLIEST;
        this.live = live;
        this.at = ascending || live == null ? 0 : live.length / 2 - 1;
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
            to = live == null ? lastOfLength(from) : lastOfLiveLength(from);
            done = to == latest;
        } else {
            to = started ? from - 1 : latest;
            from = live == null ? firstOfLength(to) : firstOfLiveLength(to);
            done = from == earliest;
        }
        started = true;
        length = length > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : length * 2;
        return true;
    }

    /** The end of {@link #length} from {@code from} on, or t_l. */
    private long lastOfLength(long from) {
        return from + length - 1 < from || from + length - 1 >= latest ? latest : from + length - 1;
    }

    /** The start of {@link #length} up to {@code to}, or t_e. */
    private long firstOfLength(long to) {
        return to - length + 1 > to || to - length + 1 <= earliest ? earliest : to - length + 1;
    }

    /** Where {@link #length} of live time from {@code from} on is reached, or t_l. */
    private long lastOfLiveLength(long from) {
        long needed = length;
        for (; at < live.length / 2; at++) {
            long lo = Math.max(live[at * 2], from);
            long hi = Math.min(live[at * 2 + 1], latest);
            if (lo > latest) {
                break;
            }
            if (lo > hi) {
                continue;                                       // ends before the stretch
            }
            long reached = lo + needed - 1;
            if (reached >= lo && reached <= hi) {
                return reached;                                 // (reached < lo: beyond the end of time)
            }
            if (reached < lo) {
                return latest;
            }
            needed -= hi - lo + 1;                              // 0 < hi - lo + 1 < needed: no overflow
        }
        return latest;
    }

    /** Where {@link #length} of live time up to {@code to} is reached, or t_e. */
    private long firstOfLiveLength(long to) {
        long needed = length;
        for (; at >= 0; at--) {
            long lo = Math.max(live[at * 2], earliest);
            long hi = Math.min(live[at * 2 + 1], to);
            if (hi < earliest) {
                break;
            }
            if (lo > hi) {
                continue;                                       // begins after the stretch
            }
            long reached = hi - needed + 1;
            if (reached <= hi && reached >= lo) {
                return reached;
            }
            if (reached > hi) {
                return earliest;
            }
            needed -= hi - lo + 1;
        }
        return earliest;
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
