package io.coreserve.engine.timetable;

import java.util.Arrays;

/**
 * The run indexes' answers for a whole domain, side by side: per duration class, resource, property and hour, the
 * lowest level at which a start in the hour may have a run of the class ({@link RunIndex#lowestLevels}), in one
 * byte array per class. A search asks where each of its candidates may be free ({@link
 * InMemoryTimetables#possibleStarts(int[], int, long, long, long[], long[], long, CandidateStretchVisitor)}) and
 * reads a few contiguous bytes per candidate and property instead of following each timetable to its index and
 * its bit words.
 *
 * <p>Why: on full books, asking each of about 560 candidates' run indexes was half of a decision (profiled on the
 * engine alone: memory stalls on each timetable's index and bits, and the bits recomputed after every booking in a
 * layout of 765 scattered words an hour). Here an hour of a resource costs one byte per property.
 *
 * <p>A byte is {@link #UNKNOWN} until asked for, and again after an edit of its hour or of the next one (a run
 * from one hour goes on into the next); the levels are fractions of a scale per resource (its capacities), and
 * another scale forgets the resource's bytes. Kept for at most {@link #MAX_HOURS} consecutive hours and within
 * {@link #MAX_BYTES} (a domain of a million resources keeps none: its searches ask each timetable, as before).
 * Not thread-safe, like the timetables.
 */
final class HourLevels {

    /** Not known: to be asked of the resource's run index. */
    static final byte UNKNOWN = -1;
    /** A day and a half before the first hour asked for is kept too, so that a search moving back re-bases less. */
    private static final int MARGIN = 36;
    static final int MAX_HOURS = 24 * 62;
    static final long MAX_BYTES = 64L << 20;

    private final int properties;
    private int rows;
    /** Bucket (hour) of slot 0, and the slots per row. */
    private long base;
    private int hours;
    /** Per class, (resource * P + i) * hours + slot; null until a search asks for the class. */
    private final byte[][] levels = new byte[RunIndex.CLASSES][];
    /** Per resource and property, the scale its bytes are levels of (-1: none yet). */
    private long[] scales = new long[0];

    HourLevels(int properties) {
        this.properties = properties;
        this.threshold = new int[properties];
        this.scale = new long[properties];
    }

    /**
     * Makes room for class {@code c} over buckets [first, last] for resources [0, resources); false when that would
     * pass {@link #MAX_HOURS} or {@link #MAX_BYTES} (the caller then asks each timetable).
     */
    boolean cover(int c, long first, long last, int resources) {
        if (last - first + 1 > MAX_HOURS - 2 * MARGIN) {
            return false;
        }
        long newBase = base;
        long newEnd = base + hours;
        if (hours == 0 || first < base || last >= base + hours) {
            newBase = hours == 0 ? first - MARGIN : Math.min(base, first - MARGIN);
            newEnd = Math.max(hours == 0 ? 0 : base + hours, last + 1 + MARGIN);
            if (newEnd - newBase > MAX_HOURS) {
                newBase = first - MARGIN;                    // the hours before the asked ones are dropped
                newEnd = Math.max(last + 1 + MARGIN, Math.min(newEnd, newBase + MAX_HOURS));
            }
        }
        int newRows = Math.max(rows, resources);
        int classes = levels[c] == null ? 1 : 0;
        for (byte[] kept : levels) {
            classes += kept == null ? 0 : 1;
        }
        if ((long) newRows * properties * (newEnd - newBase) * classes > MAX_BYTES) {
            return false;
        }
        if (newBase != base || newEnd != base + hours || newRows != rows) {
            resize(newBase, (int) (newEnd - newBase), newRows);
        }
        if (levels[c] == null) {
            levels[c] = new byte[rows * properties * hours];
            Arrays.fill(levels[c], UNKNOWN);
        }
        return true;
    }

    /** The bytes of class c (after {@link #cover}). */
    byte[] of(int c) {
        return levels[c];
    }

    /** Where property 0 of the resource's bucket is; property i is {@link #hours()} * i further. */
    int at(int resource, long bucket) {
        return resource * properties * hours + (int) (bucket - base);
    }

    /** The distance between one property's bytes and the next's. */
    int hours() {
        return hours;
    }

    /** Makes the resource's bytes levels of {@code scale[offset ..]}, forgetting them when they were of another. */
    void useScale(int resource, long[] scale, int offset) {
        int at = resource * properties;
        if (Arrays.equals(scales, at, at + properties, scale, offset, offset + properties)) {
            return;
        }
        System.arraycopy(scale, offset, scales, at, properties);
        forget(resource, 0, hours - 1);
    }

    /** What the resource holds changed on [from, to): the hours it touches, and the one before, are unknown again. */
    void edited(int resource, long from, long to) {
        if (hours == 0 || resource >= rows || to <= from) {
            return;
        }
        long first = Math.max(Math.floorDiv(from, RunIndex.BUCKET) - 1, base);
        long last = Math.min(Math.floorDiv(to - 1, RunIndex.BUCKET), base + hours - 1);
        if (first <= last) {
            forget(resource, (int) (first - base), (int) (last - base));
        }
    }

    /** Drops the hours before {@code bucket} (the books forgot them), so that edits there cost nothing. */
    void dropBefore(long bucket) {
        if (hours > 0 && bucket > base) {
            long end = base + hours;
            long newBase = Math.min(bucket, end);
            resize(newBase, (int) Math.max(end - newBase, 1), rows);
        }
    }

    /**
     * Candidate k's possible stretches of [from, to] (its resource's timetable, thresholds {@code notAbove[k * P ..]}
     * and capacities {@code capacity[k * P ..]}, duration class c, after {@link #cover}): the hours of the window in
     * which, for every property, the threshold's level is at or above the hour's lowest level, merged. The same
     * hours as the timetable's own {@link Timetable#possibleStarts} answers (its bits are set from the lowest level
     * on); bytes not known yet are asked of the timetable and kept, and where it keeps no index, every hour it
     * cannot tell is possible.
     */
    void possibleStarts(Timetable timetable, int resource, int k, long from, long to, long duration, long[] notAbove,
            long[] capacity, int c, CandidateStretchVisitor visitor) {
        int p = properties;
        int offset = k * p;
        boolean constrained = false;
        for (int i = 0; i < p; i++) {
            long limit = notAbove[offset + i];
            if (limit < 0) {
                return;                                       // nothing is ever within a negative threshold
            }
            // The lowest level at or above the threshold, as RunIndex judges it (STEPS: above every level kept).
            int q = 0;
            long scale = Math.max(0, capacity[offset + i]);
            while (q < RunIndex.STEPS && RunIndex.multiplyFloor(scale, q) < limit) {
                q++;
            }
            threshold[i] = q;
            constrained |= q < RunIndex.STEPS;
        }
        if (!constrained) {
            visitor.visit(k, from, to);                       // no threshold below the capacity
            return;
        }
        useScale(resource, capacity, offset);
        byte[] bytes = levels[c];
        long end = to > Long.MAX_VALUE - duration ? Long.MAX_VALUE : to + duration;
        long firstBucket = Math.floorDiv(from, RunIndex.BUCKET);
        long lastBucket = Math.floorDiv(to, RunIndex.BUCKET);
        long openLo = Long.MIN_VALUE;
        long openHi = Long.MIN_VALUE;
        int at = at(resource, firstBucket);
        for (long b = firstBucket; b <= lastBucket; b++, at++) {
            if (bytes[at] == UNKNOWN) {
                timetable.lowestLevels(from, end, b, scaleOf(capacity, offset), c, bytes, at, hours);
            }
            boolean possible = true;
            for (int i = 0; i < p && possible; i++) {
                possible = bytes[at + i * hours] <= threshold[i];  // UNKNOWN (no index here) is possible too
            }
            if (!possible) {
                continue;
            }
            long lo = Math.max(from, b * RunIndex.BUCKET);
            long hi = Math.min(to, b * RunIndex.BUCKET + RunIndex.BUCKET - 1);
            if (openHi != Long.MIN_VALUE && lo <= openHi + 1) {
                openHi = hi;
            } else {
                if (openHi != Long.MIN_VALUE) {
                    visitor.visit(k, openLo, openHi);
                }
                openLo = lo;
                openHi = hi;
            }
        }
        if (openHi != Long.MIN_VALUE) {
            visitor.visit(k, openLo, openHi);
        }
    }

    private long[] scaleOf(long[] capacity, int offset) {
        System.arraycopy(capacity, offset, scale, 0, properties);
        return scale;
    }

    private final int[] threshold;
    private final long[] scale;

    /** Bytes held (for tests). */
    long bytes() {
        long total = 8L * scales.length;
        for (byte[] kept : levels) {
            total += kept == null ? 0 : kept.length;
        }
        return total;
    }

    private void forget(int resource, int fromSlot, int toSlot) {
        for (byte[] kept : levels) {
            if (kept != null) {
                for (int i = 0; i < properties; i++) {
                    int row = (resource * properties + i) * hours;
                    Arrays.fill(kept, row + fromSlot, row + toSlot + 1, UNKNOWN);
                }
            }
        }
    }

    private void resize(long newBase, int newHours, int newRows) {
        int p = properties;
        long from = Math.max(base, newBase);
        long to = Math.min(base + hours, newBase + newHours);
        for (int c = 0; c < levels.length; c++) {
            byte[] old = levels[c];
            if (old == null) {
                continue;
            }
            byte[] kept = new byte[newRows * p * newHours];
            Arrays.fill(kept, UNKNOWN);
            if (from < to) {
                for (int row = 0; row < rows * p; row++) {
                    System.arraycopy(old, row * hours + (int) (from - base), kept, row * newHours + (int) (from - newBase),
                            (int) (to - from));
                }
            }
            levels[c] = kept;
        }
        if (newRows != rows) {
            long[] s = new long[newRows * p];
            Arrays.fill(s, -1L);
            System.arraycopy(scales, 0, s, 0, scales.length);
            scales = s;
        }
        base = newBase;
        hours = newHours;
        rows = newRows;
    }
}
