package io.coreserve.engine.timetable;

/**
 * A resource's segments over [from, to) as rows of its timetable's decoded copy, for a sweep that reads them in a
 * loop of its own ({@link TimetableView#decodedSpan}): row {@link #first} is the segment holding {@code from}, and
 * rows after it up to {@link #last} follow while {@code times[r] < to}; row r holds
 * {@code levels[r * P .. r * P + P)}. The arrays are the copy's own: read them, never write, and only until the
 * timetable changes. One instance is filled again and again by a sweep.
 *
 * <p>Why: Phase III visits thousands of segments per closest-free search on full books; through a
 * {@link SegmentVisitor} every segment is a call the JIT cannot inline (the visitor's call site in the timetable
 * sees many lambdas), and that call and its bookkeeping were a third of a decision.
 */
public final class DecodedSpan {

    long[] times;
    long[] levels;
    int first;
    int last;

    /** Start times by row (the first row's is before {@code from}: clip it). */
    public long[] times() {
        return times;
    }

    /** Reserved amounts by row and property. */
    public long[] levels() {
        return levels;
    }

    /** The row of the segment holding {@code from}. */
    public int first() {
        return first;
    }

    /** The last row of the copy: rows after {@link #first} count while they start before {@code to}. */
    public int last() {
        return last;
    }
}
