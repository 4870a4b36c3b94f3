package io.coreserve.engine.timetable;

import java.util.Arrays;

/**
 * Every timetable's last two segments side by side ({@link Timetable#lastTwoSegments}): where the latest reservation
 * ends and what it holds just before, for sweeps that begin there ({@link InMemoryTimetables#lastSegmentsSpan}).
 *
 * <p>Why: on full books a closest-free search after a window finds its answer where the books' filled part ends, and
 * nearly every candidate's piece of that stretch begins in the segment of its last reservation (about three quarters
 * of the pieces such a search sweeps, on the engine benchmark). Finding that segment in each timetable's decoded copy
 * follows the timetable to its copy, the copy's hour index and rows, each a cache miss in another object, 560 times
 * a search: a quarter of the search, waiting on memory. Here the two segments of every resource lie in three arrays
 * read in the candidates' order.
 *
 * <p>A resource's entry is forgotten at every edit of its timetable (the store's edit listener) and read from the
 * timetable again when next asked: on full books a booking edits about five timetables while a search asks hundreds.
 * The arrays grow to the highest resource asked about: 8 (2 + 2P) bytes a resource, 64 with three properties (64 MB
 * for a million resources, outside the decoded copies' budget). Not thread-safe, like the timetables.
 */
final class LastSegments {

    private static final byte UNKNOWN = 0;
    private static final byte KNOWN = 1;
    /** Fewer than two breakpoints (or no timetable): no last segments to give. */
    private static final byte NONE = 2;

    private final int properties;
    /** Per resource r, rows 2r and 2r + 1: the start times of its last two segments, and their amounts. */
    private long[] times = new long[0];
    private long[] levels = new long[0];
    private byte[] state = new byte[0];

    LastSegments(int properties) {
        this.properties = properties;
    }

    /** The timetable of {@code resource} changed (or is about to): its entry is read again when next asked. */
    void forget(int resource) {
        if (resource < state.length) {
            state[resource] = UNKNOWN;
        }
    }

    /**
     * Points {@code span} at the last two segments of {@code timetable} (the timetable of {@code resource}, or null)
     * when {@code from} lies in them, with the rows {@link DecodedSpan} describes: row {@code first} holds
     * {@code from}, and the rows after it up to {@code last} follow. False when {@code from} lies before them or
     * there are none.
     */
    boolean span(Timetable timetable, int resource, long from, DecodedSpan span) {
        if (resource >= state.length) {
            grow(resource);
        }
        byte known = state[resource];
        if (known == UNKNOWN) {
            known = timetable != null && timetable.lastTwoSegments(times, levels, 2 * resource) ? KNOWN : NONE;
            state[resource] = known;
        }
        int row = 2 * resource;
        if (known != KNOWN || from < times[row]) {
            return false;
        }
        span.times = times;
        span.levels = levels;
        span.first = from >= times[row + 1] ? row + 1 : row;
        span.last = row + 1;
        return true;
    }

    private void grow(int resource) {
        int capacity = Math.max(resource + 1, state.length * 2);
        state = Arrays.copyOf(state, capacity);
        times = Arrays.copyOf(times, 2 * capacity);
        levels = Arrays.copyOf(levels, 2 * capacity * properties);
    }
}
