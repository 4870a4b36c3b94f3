package io.coreserve.engine.allocation;

/**
 * What a search proved as it went (for {@link ClosestFreeMemory}): nothing is admissible over its window from where
 * it began up to where it stopped, except next to each start time at which only the heuristic failed (the greedy and
 * its repair found no R_s, with no bound to prove that none exists), up to the next start time it tried.
 *
 * <p>Why a start time's proof covers the times up to the next one (section 3.3): going forward, an a_ij^t of a free
 * candidate rises only at the times EARLIEST's T holds, so at any time availability is no more than at the last
 * start-time candidate before it; going backward, a_ij^t rises only past the latest-start candidates b - t_res of
 * LATEST's T, so availability is no more than at the first candidate after it. Times the search did not sweep
 * because fewer than N candidates may be free there are proven by that bound.
 *
 * <p>The same argument holds for the free count alone: where a start time had fewer than N free candidates (line 5:
 * R_s empty), fewer than N are free up to the next one, and so at the times the search did not sweep because fewer
 * than N may be free. Those times are told apart ({@link #fewFreeUntil}) from those proven by a bound of
 * {@link Availability} with N or more free, because a window's own search that finds nothing says which of the two
 * it met (NO_START_TIME_IN_WINDOW or NO_ADMISSIBLE_SET).
 */
final class NothingAdmissible {

    private final long from;
    private final long to;
    private final boolean earliest;
    private final TimeIntervals holes = new TimeIntervals();
    private boolean open;
    private long openAt;
    /** Times next to a start time with N or more free candidates, up to the next start time tried. */
    private final TimeIntervals enough = new TimeIntervals();
    private boolean enoughOpen;
    private long enoughAt;

    /**
     * Times the search skips because earlier searches proved them ({@link ClosestFreeMemory#nothingAdmissible}):
     * never counted as proven by the free count here, whatever proved them there (the searches that proved them by
     * the free count remember so themselves).
     */
    private final long[] skipped;
    /** The next skipped interval the search will pass (pair index, in the search's order). */
    private int nextSkipped;

    /** A search of the window [from, to] in {@code order}, skipping nothing. */
    NothingAdmissible(long from, long to, SearchOrder order) {
        this(from, to, order, TimeIntervals.NONE);
    }

    /** A search of the window [from, to] in {@code order} that skips {@code skipped}, among other times. */
    NothingAdmissible(long from, long to, SearchOrder order, long[] skipped) {
        this.from = from;
        this.to = to;
        this.earliest = order == SearchOrder.EARLIEST;
        this.skipped = skipped;
        this.nextSkipped = earliest ? 0 : skipped.length / 2 - 1;
    }

    /** The search tries start time {@code t} (in its order): an unproven failure's stretch ends next to it. */
    void startTime(long t) {
        passSkippedUpTo(t);
        if (open) {
            close(holes, openAt, t);
            open = false;
        }
        if (enoughOpen) {
            close(enough, enoughAt, t);
            enoughOpen = false;
        }
    }

    /** The stretch from {@code at} up to start time {@code next} (exclusive, in the search's order). */
    private void close(TimeIntervals into, long at, long next) {
        if (earliest) {
            into.add(at, next - 1);
        } else {
            into.add(next + 1, at);
        }
    }

    /** The stretch from {@code at} to the window's end in the search's order (no start time tried after it). */
    private void closeAtEnd(TimeIntervals into, long at) {
        if (earliest) {
            into.add(at, to);
        } else {
            into.add(from, at);
        }
    }

    /**
     * The skipped intervals the search has passed before start time {@code t} (in its order): from the end of each
     * (in the search's order) up to {@code t}, the free count is unknown. A start time inside a skipped interval,
     * where availability may rise, is never tried, so the last start time tried before the interval proves its own
     * free count only up to the interval; what proved the interval skipped may have been a bound with N or more free.
     * Nothing admissible still holds there (availability is no more than at the untried start time, where nothing
     * was admissible).
     */
    private void passSkippedUpTo(long t) {
        if (earliest) {
            for (; nextSkipped * 2 < skipped.length && skipped[nextSkipped * 2 + 1] < t; nextSkipped++) {
                markUnknown(skipped[nextSkipped * 2 + 1] + 1, t - 1);
            }
        } else {
            for (; nextSkipped >= 0 && skipped[nextSkipped * 2] > t; nextSkipped--) {
                markUnknown(t + 1, skipped[nextSkipped * 2] - 1);
            }
        }
    }

    /** Times whose free count is unknown: counted with those next to N or more free, never as fewer than N. */
    private void markUnknown(long lo, long hi) {
        if (Math.max(lo, from) <= Math.min(hi, to)) {
            enough.add(Math.max(lo, from), Math.min(hi, to));
        }
    }

    /**
     * At every time of {@code intervals} ([lo, hi] pairs) fewer than N candidates are free: what Phase III counted
     * before sweeping ({@link StartTimeCandidates#fewFreeTimes}). Such times are proven whatever start time the
     * search tried before them: since Phase III no longer offers the start times there at which fewer than N are
     * free, the search's own tries would leave them next to the last start time with N or more free, or an
     * unproven one.
     */
    void fewFree(long[] intervals) {
        for (int q = 0; q + 1 < intervals.length; q += 2) {
            known.add(intervals[q], intervals[q + 1]);
        }
    }

    /** Times known to have fewer than N free candidates ({@link #fewFree}). */
    private final TimeIntervals known = new TimeIntervals();

    /** At start time {@code t}, N or more candidates are free (|R_a| >= N). */
    void enoughFree(long t) {
        enoughOpen = true;
        enoughAt = t;
    }

    /** At start time {@code t} the search found nothing, but did not prove that nothing is admissible. */
    void unproven(long t) {
        open = true;
        openAt = t;
    }

    /**
     * The times at which nothing was proven admissible ([lo, hi] pairs, ascending, disjoint), the search having
     * found its answer at {@code found} or, when null, nothing in the whole window.
     */
    long[] provenUntil(Long found) {
        long lo = earliest || found == null ? from : found + 1;
        long hi = !earliest || found == null ? to : found - 1;
        if (open) {
            closeAtEnd(holes, openAt);
            open = false;
        }
        if (enoughOpen) {
            closeAtEnd(enough, enoughAt);
            enoughOpen = false;
        }
        passSkippedUpTo(earliest ? Long.MAX_VALUE : Long.MIN_VALUE);   // then on to the window's end
        if (lo > hi) {
            return TimeIntervals.NONE;
        }
        return TimeIntervals.subtract(new long[] {lo, hi}, withoutKnownFew(holes));
    }

    /** The union of {@code times} less the times known to have fewer than N free ({@link #fewFree}). */
    private long[] withoutKnownFew(TimeIntervals times) {
        long[] union = times.union();
        return known.isEmpty() || union.length == 0 ? union : TimeIntervals.subtract(union, known.union());
    }

    /**
     * Of {@code proven} (what {@link #provenUntil} returned), the times at which fewer than N candidates were free;
     * call after it.
     */
    long[] fewFreeUntil(long[] proven) {
        long[] few = proven.length == 0 || enough.isEmpty() ? proven
                : TimeIntervals.subtract(proven, withoutKnownFew(enough));
        return few.length == 0 || skipped.length == 0 ? few : TimeIntervals.subtract(few, skipped);
    }
}
