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
}
