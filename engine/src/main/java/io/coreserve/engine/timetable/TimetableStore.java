package io.coreserve.engine.timetable;

/** Timetables that can also be changed: reserve and release amounts on a resource over [from, to). */
public interface TimetableStore extends TimetableView {

    /** Adds {@code amounts[i]} micro-units of every property i on [from, to). */
    void reserve(int resource, long from, long to, long[] amounts);

    /**
     * Subtracts what a matching {@link #reserve} added, restoring the timetable exactly; fails with an
     * {@link IllegalArgumentException} and no change when less is reserved.
     */
    void release(int resource, long from, long to, long[] amounts);
}
