package io.coreserve.offers.agent;

import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The free processors of one cluster over time, as a step function: a key t maps to the number of
 * free processors from t until the next key; the last step lasts forever. This is the advance
 * reservation list (ARList) of seed 001 in the form that answers its questions fast: reserving and
 * releasing are O(k log n) for the k steps a reservation covers, finding free slots is one pass.
 *
 * <p>Times are whole seconds. Not thread-safe; one profile belongs to one provider agent.
 */
public final class AvailabilityProfile {

    private final int capacity;
    private final TreeMap<Long, Integer> steps = new TreeMap<>();

    public AvailabilityProfile(int capacity, long origin) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be positive");
        }
        this.capacity = capacity;
        steps.put(origin, capacity);
    }

    /** A free window: {@code processors} processors are free during [start, start + duration). */
    public record FreeWindow(long start, int processors) {
    }

    public int capacity() {
        return capacity;
    }

    /** Free processors at time t (t at or after the profile's origin). */
    public int freeAt(long t) {
        Map.Entry<Long, Integer> e = steps.floorEntry(t);
        if (e == null) {
            throw new IllegalArgumentException("time " + t + " is before the profile's origin " + steps.firstKey());
        }
        return e.getValue();
    }

    /** The fewest free processors at any time in [from, to). */
    public int minFree(long from, long to) {
        requireInterval(from, to);
        int min = freeAt(from);
        for (int v : steps.subMap(from, false, to, false).values()) {
            min = Math.min(min, v);
        }
        return min;
    }

    /**
     * The earliest s at or after {@code from} such that {@code processors} are free during
     * [s, s + duration), or -1 if the cluster has fewer processors than that.
     */
    public long earliestStart(long from, long duration, int processors) {
        if (processors > capacity) {
            return -1;
        }
        long candidate = -1;
        for (Map.Entry<Long, Integer> e : steps.tailMap(steps.floorKey(from), true).entrySet()) {
            long t = Math.max(e.getKey(), from);
            if (candidate >= 0 && t >= candidate + duration) {
                return candidate;
            }
            if (e.getValue() < processors) {
                candidate = -1;
            } else if (candidate < 0) {
                candidate = t;
            }
        }
        return candidate; // the last step is open-ended
    }

    /**
     * Every free slot of the given duration from {@code from} on (Algorithm 1, lines 5-11): a slot
     * can start at {@code from} or where processors are freed, and has the fewest free processors
     * seen during its duration. Slots with no free processor are left out. Starting elsewhere never
     * helps: a window starting where processors are taken finishes later with no more processors.
     *
     * @param enough stop after the first slot with at least this many processors: every later slot of
     *               this cluster finishes later, so a composer taking slots by finish time never needs it
     *               (pass {@code Integer.MAX_VALUE} for all slots)
     */
    public List<FreeWindow> freeWindows(long from, long duration, int enough) {
        if (duration <= 0) {
            throw new IllegalArgumentException("duration must be positive");
        }
        NavigableMap<Long, Integer> tail = steps.tailMap(steps.floorKey(from), true);
        int n = tail.size();
        long[] time = new long[n];
        int[] free = new int[n];
        int k = 0;
        for (Map.Entry<Long, Integer> e : tail.entrySet()) {
            time[k] = Math.max(e.getKey(), from);
            free[k] = e.getValue();
            k++;
        }
        List<FreeWindow> windows = new ArrayList<>();
        // sliding-window minimum over steps [i, j): steps whose start lies before time[i] + duration
        ArrayDeque<Integer> minimum = new ArrayDeque<>();
        int j = 0;
        for (int i = 0; i < n; i++) {
            while (!minimum.isEmpty() && minimum.peekFirst() < i) {
                minimum.pollFirst();
            }
            while (j < n && (j <= i || time[j] < time[i] + duration)) {
                while (!minimum.isEmpty() && free[minimum.peekLast()] >= free[j]) {
                    minimum.pollLast();
                }
                minimum.addLast(j);
                j++;
            }
            boolean startsHere = i == 0 || free[i] > free[i - 1];
            int available = free[minimum.peekFirst()];
            if (startsHere && available > 0) {
                windows.add(new FreeWindow(time[i], available));
                if (available >= enough) {
                    break;
                }
            }
        }
        return windows;
    }

    /** Takes {@code processors} during [from, to); fails, changing nothing, if they are not free. */
    public void reserve(long from, long to, int processors) {
        requireInterval(from, to);
        if (processors <= 0) {
            throw new IllegalArgumentException("processors must be positive");
        }
        int free = minFree(from, to);
        if (free < processors) {
            throw new IllegalStateException("cannot reserve " + processors + " processors in [" + from + ", " + to
                    + "): only " + free + " free");
        }
        add(from, to, -processors);
    }

    /** Gives back {@code processors} during [from, to), e.g. the unused end of a job that finished early. */
    public void release(long from, long to, int processors) {
        requireInterval(from, to);
        if (processors <= 0) {
            throw new IllegalArgumentException("processors must be positive");
        }
        int max = steps.subMap(from, false, to, false).values().stream().mapToInt(Integer::intValue)
                .reduce(freeAt(from), Math::max);
        if (max + processors > capacity) {
            throw new IllegalStateException("releasing " + processors + " processors in [" + from + ", " + to
                    + ") would exceed the capacity " + capacity);
        }
        add(from, to, processors);
    }

    /** Forgets the steps before t (the past): free processors at t and later are unchanged. */
    public void forgetBefore(long t) {
        Map.Entry<Long, Integer> floor = steps.floorEntry(t);
        if (floor == null || floor.getKey() == t) {
            return;
        }
        int value = floor.getValue();
        steps.headMap(t, false).clear();
        steps.put(t, value);
    }

    /** Number of steps held (a measure of the reservation list's size). */
    public int steps() {
        return steps.size();
    }

    /** The steps from t on, as (time, free) pairs; for tests and diagnostics. */
    public List<FreeWindow> stepsFrom(long t) {
        List<FreeWindow> out = new ArrayList<>();
        for (Map.Entry<Long, Integer> e : steps.tailMap(steps.floorKey(t), true).entrySet()) {
            out.add(new FreeWindow(Math.max(t, e.getKey()), e.getValue()));
        }
        return out;
    }

    private void add(long from, long to, int delta) {
        split(from);
        split(to);
        for (Map.Entry<Long, Integer> e : steps.subMap(from, true, to, false).entrySet()) {
            e.setValue(e.getValue() + delta);
        }
        merge(to);
        merge(from);
    }

    private void split(long t) {
        if (!steps.containsKey(t)) {
            steps.put(t, freeAt(t));
        }
    }

    /** Removes the step at t if it does not change the free count. */
    private void merge(long t) {
        Integer value = steps.get(t);
        Map.Entry<Long, Integer> before = steps.lowerEntry(t);
        if (value != null && before != null && before.getValue().equals(value)) {
            steps.remove(t);
        }
    }

    private void requireInterval(long from, long to) {
        if (to <= from) {
            throw new IllegalArgumentException("empty interval [" + from + ", " + to + ")");
        }
        if (from < steps.firstKey()) {
            throw new IllegalArgumentException("time " + from + " is before the profile's origin " + steps.firstKey());
        }
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("AvailabilityProfile[capacity=").append(capacity);
        Iterator<Map.Entry<Long, Integer>> it = steps.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<Long, Integer> e = it.next();
            b.append(' ').append(e.getKey()).append(':').append(e.getValue());
        }
        return b.append(']').toString();
    }
}
