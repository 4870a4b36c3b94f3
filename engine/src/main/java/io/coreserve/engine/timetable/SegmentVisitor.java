package io.coreserve.engine.timetable;

/** Receives one constant segment of a resource's timetables. */
@FunctionalInterface
public interface SegmentVisitor {

    /**
     * @param start    where the segment starts (clipped to the queried interval)
     * @param reserved the amounts reserved per property, at {@code reserved[offset + i]}; do not keep or change
     * @param offset   where this segment's amounts start in {@code reserved}
     */
    void visit(long start, long[] reserved, int offset);
}
