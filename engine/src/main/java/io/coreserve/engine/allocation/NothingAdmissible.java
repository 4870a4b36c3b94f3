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
 */
final class NothingAdmissible {

    private final long from;
    private final long to;
    private final boolean earliest;
    private final TimeIntervals holes = new TimeIntervals();
    private boolean open;
    private long openAt;

    /** A search of the window [from, to] in {@code order}. */
    NothingAdmissible(long from, long to, SearchOrder order) {
        this.from = from;
        this.to = to;
        this.earliest = order == SearchOrder.EARLIEST;
    }

    /** The search tries start time {@code t} (in its order): an unproven failure's stretch ends next to it. */
    void startTime(long t) {
        if (open) {
            if (earliest) {
                holes.add(openAt, t - 1);
            } else {
                holes.add(t + 1, openAt);
            }
            open = false;
        }
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
            holes.add(earliest ? openAt : from, earliest ? to : openAt);
            open = false;
        }
        if (lo > hi) {
            return TimeIntervals.NONE;
        }
        return TimeIntervals.subtract(new long[] {lo, hi}, holes.union());
    }
}
