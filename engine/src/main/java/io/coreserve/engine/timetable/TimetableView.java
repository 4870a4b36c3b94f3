package io.coreserve.engine.timetable;

import java.util.function.LongConsumer;

/**
 * Read access to the timetables T_ij(t) of all resources, by resource index (see
 * {@code catalogue.ResourceCatalogue}). Amounts are micro-units, intervals half-open [from, to). The
 * in-memory implementation is {@link InMemoryTimetables}; a state-store-backed one can be plugged in.
 */
public interface TimetableView {

    /** Number of quantitative properties per resource. */
    int propertyCount();

    /**
     * How many changes so far may have taken amounts out of some timetable (a release, a bulk load), or
     * {@link #UNCOUNTED}. While it stays the same the books only fill, so a time at which no set was admissible stays
     * so: a search may remember such times for later, stronger requests (see {@code ClosestFreeMemory}).
     */
    default long releases() {
        return UNCOUNTED;
    }

    /** What {@link #releases} answers when the view does not count them: nothing is remembered then. */
    long UNCOUNTED = -1;

    /** Writes into {@code out[i]} the maximum of T_ij over [from, to) for every property i. */
    void maxReserved(int resource, long from, long to, long[] out);

    /**
     * Reports in ascending order the times b, from < b <= to, at which some property's availability of the
     * resource increases (its reserved amount drops).
     */
    void forEachAvailabilityIncrease(int resource, long from, long to, LongConsumer sink);

    /**
     * Visits the constant segments of all T_ij of the resource overlapping [from, to), ascending; the first
     * start is clipped to {@code from}.
     */
    void forEachSegment(int resource, long from, long to, SegmentVisitor visitor);

    /**
     * As {@link #forEachSegment(int, long, long, SegmentVisitor)}, except that a run of segments in which some
     * property i stays above {@code busyAbove[i]} throughout may be visited as one segment, with amounts above the
     * threshold that the segment after it follows on (see {@link Timetable#forEachSegment(long, long, long[],
     * SegmentVisitor)}). For searches that only care where the resource is not that busy. By default every
     * segment is visited.
     */
    default void forEachSegment(int resource, long from, long to, long[] busyAbove, SegmentVisitor visitor) {
        forEachSegment(resource, from, to, visitor);
    }

    /**
     * Points {@code span} at the resource's segments over [from, to) as rows of a decoded copy, when the timetable
     * keeps one (or makes one for a long sweep, as {@link #forEachSegment(int, long, long, long[], SegmentVisitor)}
     * would): the same segments, for a loop of the caller's own. False when it has none; then visit them.
     */
    default boolean decodedSpan(int resource, long from, long to, DecodedSpan span) {
        return false;
    }

    /**
     * Points {@code span} at the resource's last two segments (the one its latest reservation holds before the last
     * breakpoint, and the one after it, where nothing is reserved) when {@code from} lies in them: the same segments
     * from {@code from} on as {@link #decodedSpan} (there are no others after them), read where the view keeps them
     * for every resource. False when {@code from} lies before them, or the view keeps none; then ask
     * {@link #decodedSpan}.
     */
    default boolean lastSegmentsSpan(int resource, long from, DecodedSpan span) {
        return false;
    }

    /**
     * Reports, ascending, stretches [lo, hi] of [from, to] outside which no t has every property i of the resource
     * at or below {@code notAbove[i]} throughout [t, t + duration): a superset of those start times, so that a
     * search can sweep only there; {@code capacity} is the resource's (what the thresholds are fractions of). By
     * default the whole of [from, to].
     */
    default void possibleStarts(int resource, long from, long to, long[] notAbove, long[] capacity, long duration,
            StretchVisitor visitor) {
        if (from <= to) {
            visitor.visit(from, to);
        }
    }

    /**
     * {@link #possibleStarts(int, long, long, long[], long[], long, StretchVisitor)} for the first {@code count} of
     * a search's candidates at once: candidate k is {@code resources[k]}, its thresholds and capacities are
     * {@code notAbove[k * P ..]} and {@code capacity[k * P ..]} (P properties), and its stretches are reported
     * candidate by candidate, each ascending. By default, one candidate after the other.
     */
    default void possibleStarts(int[] resources, int count, long from, long to, long[] notAbove, long[] capacity,
            long duration, CandidateStretchVisitor visitor) {
        int p = propertyCount();
        long[] limits = new long[p];
        long[] scale = new long[p];
        for (int k = 0; k < count; k++) {
            int candidate = k;
            System.arraycopy(notAbove, k * p, limits, 0, p);
            System.arraycopy(capacity, k * p, scale, 0, p);
            possibleStarts(resources[k], from, to, limits, scale, duration, (lo, hi) -> visitor.visit(candidate, lo, hi));
        }
    }

    /**
     * As {@link #possibleStarts(int[], int, long, long, long[], long[], long, CandidateStretchVisitor)}, for a search
     * that will not sweep the times of {@code skip} ([lo, hi] pairs, ascending, disjoint) whatever the answer: an
     * implementation may leave them out (so long as every possible start outside them stays in), which costs less
     * where it answers hour by hour. By default, the same answer as without them.
     */
    default void possibleStarts(int[] resources, int count, long from, long to, long[] notAbove, long[] capacity,
            long duration, long[] skip, CandidateStretchVisitor visitor) {
        possibleStarts(resources, count, from, to, notAbove, capacity, duration, visitor);
    }
}
