package io.coreserve.engine.timetable;

import java.util.Arrays;

/**
 * Reservations gathered to be booked at once ({@link InMemoryTimetables#reserveAll}), as when books are rebuilt from
 * stored reservations after a start. One {@link Timetable#reserve} per reservation rewrites the encoded blocks of its
 * two ends each time, with thousands of reservations per timetable; here each timetable's step function is summed
 * from its reservations' ends in one sort and written with one {@link Timetable#load}: the same breakpoints and
 * amounts as reserving them one by one, in any order (a restart after kill -9 with 260,000 decisions on the demo
 * catalogue had its books 34 s sooner).
 */
public final class BulkReservations {

    private final int properties;
    private int[] resources = new int[64];
    private long[] froms = new long[64];
    private long[] tos = new long[64];
    private long[] amounts;
    private int size;

    public BulkReservations(int properties) {
        this.properties = properties;
        this.amounts = new long[64 * properties];
    }

    public int properties() {
        return properties;
    }

    /** How many reservations were added. */
    public int size() {
        return size;
    }

    /**
     * Adds {@code amounts} on [from, to) of {@code resource}, checked as {@link Timetable#reserve} checks them (so a
     * bad one fails here, before anything is booked); all-zero amounts are left out, as they change nothing.
     */
    public void add(int resource, long from, long to, long[] amounts) {
        if (resource < 0) {
            throw new IllegalArgumentException("negative resource index " + resource);
        }
        if (to <= from) {
            throw new IllegalArgumentException("empty interval [" + from + ", " + to + ")");
        }
        boolean any = false;
        for (int i = 0; i < properties; i++) {
            if (amounts[i] < 0) {
                throw new IllegalArgumentException("negative amount " + amounts[i]);
            }
            any |= amounts[i] > 0;
        }
        if (!any) {
            return;
        }
        if (size == resources.length) {
            int capacity = size * 2;
            resources = Arrays.copyOf(resources, capacity);
            froms = Arrays.copyOf(froms, capacity);
            tos = Arrays.copyOf(tos, capacity);
            this.amounts = Arrays.copyOf(this.amounts, capacity * properties);
        }
        resources[size] = resource;
        froms[size] = from;
        tos[size] = to;
        System.arraycopy(amounts, 0, this.amounts, size * properties, properties);
        size++;
    }

    /** The indexes of the reservations, grouped by resource (ascending), each group in the order added. */
    int[] byResource() {
        int highest = -1;
        for (int k = 0; k < size; k++) {
            highest = Math.max(highest, resources[k]);
        }
        int[] starts = new int[highest + 2]; // a counting sort: resource indexes are small and dense
        for (int k = 0; k < size; k++) {
            starts[resources[k] + 1]++;
        }
        for (int r = 1; r < starts.length; r++) {
            starts[r] += starts[r - 1];
        }
        int[] order = new int[size];
        for (int k = 0; k < size; k++) {
            order[starts[resources[k]]++] = k;
        }
        return order;
    }

    int resource(int k) {
        return resources[k];
    }

    /**
     * The step function of {@code timetable}'s present content plus the reservations {@code order[first..last)}, each
     * clipped to the timetable's kept part (from {@link Timetable#forgottenBefore} on, as reserve clips it), loaded
     * into it in one pass.
     */
    void loadInto(Timetable timetable, int[] order, int first, int last) {
        int p = properties;
        long forgotten = timetable.forgottenBefore();
        long[] present = timetable.times();
        long[] presentValues = timetable.values();
        // Every time at which something may change: the present breakpoints and the kept reservations' ends.
        long[] times = new long[present.length + 2 * (last - first)];
        System.arraycopy(present, 0, times, 0, present.length);
        int n = present.length;
        for (int j = first; j < last; j++) {
            int k = order[j];
            if (tos[k] > forgotten) {
                times[n++] = Math.max(froms[k], forgotten);
                times[n++] = tos[k];
            }
        }
        if (n == present.length) {
            return; // nothing kept to add
        }
        Arrays.sort(times, 0, n);
        int distinct = 0;
        for (int r = 0; r < n; r++) {
            if (distinct == 0 || times[r] != times[distinct - 1]) {
                times[distinct++] = times[r];
            }
        }
        // Changes at each distinct time, then their running sum: the amounts reserved from that time on.
        long[] levels = new long[distinct * p];
        for (int b = 0; b < present.length; b++) {
            int at = Arrays.binarySearch(times, 0, distinct, present[b]) * p;
            for (int i = 0; i < p; i++) {
                levels[at + i] += presentValues[b * p + i] - (b == 0 ? 0 : presentValues[(b - 1) * p + i]);
            }
        }
        for (int j = first; j < last; j++) {
            int k = order[j];
            if (tos[k] > forgotten) {
                int start = Arrays.binarySearch(times, 0, distinct, Math.max(froms[k], forgotten)) * p;
                int end = Arrays.binarySearch(times, 0, distinct, tos[k]) * p;
                for (int i = 0; i < p; i++) {
                    levels[start + i] += amounts[k * p + i];
                    levels[end + i] -= amounts[k * p + i];
                }
            }
        }
        // Running sums, keeping only the times at which some amount changes (the canonical form load requires).
        long[] running = new long[p];
        int kept = 0;
        for (int r = 0; r < distinct; r++) {
            boolean changes = false;
            for (int i = 0; i < p; i++) {
                long change = levels[r * p + i];
                changes |= change != 0;
                running[i] = Math.addExact(running[i], change);
            }
            if (changes) {
                times[kept] = times[r];
                System.arraycopy(running, 0, levels, kept * p, p);
                kept++;
            }
        }
        timetable.load(times, levels, kept);
    }
}
