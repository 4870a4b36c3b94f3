package io.coreserve.engine.timetable;

import java.util.Arrays;
import java.util.function.LongConsumer;

/** The reference store: one {@link FlatTimetable} per resource, for benchmarks that compare with the compact one. */
public final class FlatTimetables implements TimetableStore {

    private final int properties;
    private final FlatTimetable[] timetables;
    private final long[] nothingReserved;

    public FlatTimetables(int resources, int properties) {
        this.properties = properties;
        this.timetables = new FlatTimetable[resources];
        this.nothingReserved = new long[properties];
    }

    /** Plain copies of the first {@code resources} compact timetables of a store. */
    public static FlatTimetables copyOf(InMemoryTimetables compact, int resources) {
        FlatTimetables copy = new FlatTimetables(resources, compact.propertyCount());
        for (int k = 0; k < resources; k++) {
            long[] times = compact.timetable(k).times();
            long[] values = compact.timetable(k).values();
            int p = compact.propertyCount();
            for (int b = 0; b + 1 < times.length; b++) {
                copy.reserve(k, times[b], times[b + 1], java.util.Arrays.copyOfRange(values, b * p, b * p + p));
            }
        }
        return copy;
    }

    /** Takes a timetable over as the one of a resource. */
    public void put(int resource, FlatTimetable timetable) {
        timetables[resource] = timetable;
    }

    @Override
    public int propertyCount() {
        return properties;
    }

    @Override
    public void maxReserved(int resource, long from, long to, long[] out) {
        if (timetables[resource] == null) {
            Arrays.fill(out, 0, properties, 0L);
        } else {
            timetables[resource].maxReserved(from, to, out);
        }
    }

    @Override
    public void forEachAvailabilityIncrease(int resource, long from, long to, LongConsumer sink) {
        if (timetables[resource] != null) {
            timetables[resource].forEachAvailabilityIncrease(from, to, sink);
        }
    }

    @Override
    public void forEachSegment(int resource, long from, long to, SegmentVisitor visitor) {
        if (timetables[resource] == null) {
            visitor.visit(from, nothingReserved, 0);
        } else {
            timetables[resource].forEachSegment(from, to, visitor);
        }
    }

    @Override
    public void reserve(int resource, long from, long to, long[] amounts) {
        if (timetables[resource] == null) {
            timetables[resource] = new FlatTimetable(properties);
        }
        timetables[resource].reserve(from, to, amounts);
    }

    @Override
    public void release(int resource, long from, long to, long[] amounts) {
        timetables[resource].release(from, to, amounts);
    }
}
