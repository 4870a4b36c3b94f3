package io.coreserve.engine.timetable;

import java.util.Arrays;

/**
 * Where a resource may be free enough for long enough: per hour of its timetable and per property, how long the
 * runs of segments are in which the reserved amount stays at or below each of {@value #LEVELS} + 1 levels, the
 * fractions 0/16 .. 16/16 of a scale (the resource's capacity); for durations up to an hour also, as bits, whether
 * a start in the hour may have such a run at each level and duration class. A search asks it for the stretches of start times at which the resource can possibly be free enough (T_ij <= p_ij - e_i
 * for every property) for a duration, and sweeps the timetable's segments only there (Phase III,
 * {@code allocation.StartTimeCandidates}).
 *
 * <p>Why: on full books a closest-free search sweeps hundreds of candidates over days of short reservations, and at
 * almost every hour some resource has a gap, so a test of "busy throughout" skips nothing; but gaps as long as the
 * request's duration are rare (measured on the soak's books, 606 nodes after 200,000 decisions: requests of 5 to
 * 10 minutes had such runs in 2 to 4 % of the blocks of their closest-free windows). The index answers with a
 * superset of the true start times, never fewer: levels are rounded up (a run under a lower threshold lies inside
 * a run under a higher one), lengths are rounded up, each property is bounded on its own, and runs that cross
 * hours are joined with their neighbours' prefixes and suffixes.
 *
 * <p>An hour's summary is computed when first asked for and forgotten when an edit touches the hour, so it costs
 * nothing for timetables that are never searched; {@value #BYTES_PER_HOUR_PER_PROPERTY} bytes an hour and property,
 * and 32 more for the bits, when it is kept (in a store, only with the decoded copy, inside its budget). Not
 * thread-safe, like the timetable.
 */
final class RunIndex {

    /** The summaries' unit of time: an hour. */
    static final long BUCKET = 3_600_000L;
    /** Thresholds per property: the scale times 0/16 .. 16/16. */
    static final int LEVELS = 16;
    static final int STEPS = LEVELS + 1;
    /** Run lengths are kept in 1/254 of an hour, rounded up; 255 means the whole hour. */
    private static final int WHOLE = 255;
    private static final long UNIT = (BUCKET + 253) / 254;
    static final int BYTES_PER_HOUR_PER_PROPERTY = 8 + 3 * STEPS;

    private final int properties;
    /** The scale the levels are fractions of (set by the first query; another scale starts afresh). */
    private long[] scale;
    /** Per property, the levels: scale * q / LEVELS. */
    private long[] levels;
    /** Bucket number of slot 0. */
    private long base;
    /** Per slot: computed or not; the most reserved per property; per property and level longest, prefix, suffix. */
    private boolean[] valid = new boolean[0];
    private long[] max = new long[0];
    private byte[] runs = new byte[0];
    /**
     * For windows of t_res up to an hour, the answer per hour precomputed as bits: for property i, level q and
     * duration class c, bit s of {@code bits[((i * STEPS + q) * words + s / 64) * CLASSES + c]} says whether a start
     * in slot s may have a run of at least {@link #CLASS_MILLIS}[c] at level q, so that a query ANDs one word per
     * property for 64 hours instead of judging every hour of every property. The classes are innermost because a
     * slot's bits are written for every class at once after each edit of its hour (on filling books, more often
     * than they are read). {@code bitsValid} marks the slots whose bits were computed (from the slot's summary and
     * its successor's, which both must be valid then).
     */
    private long[] bits = new long[0];
    private long[] bitsValid = new long[0];
    private int words;

    /** Duration classes: a request's t_res is judged by the longest class not above it (a superset, again). */
    static final long[] CLASS_MILLIS = {1L, 60_000L, 120_000L, 180_000L, 240_000L, 300_000L, 360_000L, 480_000L,
            600_000L, 720_000L, 900_000L, 1_200_000L, 1_800_000L, 2_700_000L, 3_600_000L};
    static final int CLASSES = CLASS_MILLIS.length;

    /** The class a t_res of at most an hour is judged by: the longest class not above it. */
    static int durationClass(long duration) {
        int c = CLASSES - 1;
        while (c > 0 && CLASS_MILLIS[c] > duration) {
            c--;
        }
        return c;
    }

    RunIndex(int properties) {
        this.properties = properties;
    }

    /** Bytes the index holds (array contents). */
    long bytes() {
        return valid.length + 8L * max.length + runs.length + 8L * bits.length + 8L * bitsValid.length;
    }

    /** Something changed on [from, to): the hours it touches must be summarised again. */
    void invalidate(long from, long to) {
        if (valid.length == 0) {
            return;
        }
        long first = Math.max(bucket(Math.max(from, base * BUCKET)), base);
        long last = Math.min(bucket(Math.max(from, to - 1)), base + valid.length - 1);
        for (long b = first; b <= last; b++) {
            int slot = (int) (b - base);
            valid[slot] = false;
            clearBitsValid(slot);
            if (slot > 0) {
                clearBitsValid(slot - 1);                        // its bits looked at this slot's prefix
            }
        }
    }

    private void clearBitsValid(int slot) {
        bitsValid[slot >>> 6] &= ~(1L << (slot & 63));
    }

    /** Everything is to be summarised again (a bulk load, forgetting the past). */
    void clear() {
        Arrays.fill(valid, false);
        Arrays.fill(bitsValid, 0L);
    }

    /**
     * Reports, ascending and merged, stretches [lo, hi] of [from, to] outside which no t has every property i with
     * T_i <= notAbove[i] throughout [t, t + duration), judged on the timetable's segments over [from, to + duration).
     */
    void possibleStarts(Timetable timetable, long from, long to, long[] notAbove, long[] scaleOf, long duration,
            StretchVisitor sink) {
        int p = properties;
        useScale(scaleOf);
        // Per property, the lowest level at or above the threshold (LEVELS + 1: none, i.e. no bound but the max).
        int[] level = levelScratch;
        for (int i = 0; i < p; i++) {
            level[i] = STEPS;
            for (int q = 0; q < STEPS; q++) {
                if (levels[i * STEPS + q] >= notAbove[i]) {
                    level[i] = q;
                    break;
                }
            }
        }
        long firstBucket = bucket(from);
        long lastBucket = bucket(saturatingAdd(to, duration));
        int count = (int) Math.min(lastBucket - firstBucket + 1, Integer.MAX_VALUE - 8);
        if (count > MAX_BUCKETS) {
            sink.visit(from, to);                     // too long to summarise: sweep it all
            return;
        }
        if (duration <= BUCKET) {
            fromBits(timetable, from, to, firstBucket, firstBucket + count - 1, notAbove, level, duration, sink);
            return;
        }
        ensure(timetable, firstBucket, firstBucket + count - 1);
        // Backwards over the buckets, per property: the longest run in the bucket, its prefix and suffix at the level
        // that bounds notAbove[i] (in ms; a bucket wholly within the threshold has all three = BUCKET), and how far a
        // run that reaches the next bucket's start goes on (forward; beyond the last bucket nothing is judged, so a
        // run may go on, which keeps the answer a superset).
        long[] forward = scratch(0, p);
        Arrays.fill(forward, 0, p, Long.MAX_VALUE / 4);
        boolean[] live = liveScratch(count);
        for (int k = count - 1; k >= 0; k--) {
            int slot = (int) (firstBucket + k - base);
            boolean possible = true;
            for (int i = 0; i < p; i++) {
                long m = max[slot * p + i];
                long longest;
                long prefix;
                long suffix;
                if (notAbove[i] >= m || level[i] == STEPS) {
                    longest = prefix = suffix = BUCKET;           // within throughout, or above every level kept
                } else if (notAbove[i] < 0) {
                    longest = prefix = suffix = 0;
                } else {
                    int r = ((slot * p + i) * STEPS + level[i]) * 3;
                    longest = length(runs[r]);
                    prefix = length(runs[r + 1]);
                    suffix = length(runs[r + 2]);
                }
                // A start t in this bucket needs a run of at least `duration` that covers [t, t + duration): wholly
                // inside the bucket, or the bucket's suffix run going on into the buckets after it.
                possible &= longest >= duration || suffix > 0 && suffix + forward[i] >= duration;
                forward[i] = prefix < BUCKET ? prefix : BUCKET + Math.min(forward[i], Long.MAX_VALUE / 4);
            }
            live[k] = possible;
        }
        Merged merged = new Merged(from, to, sink);
        for (int k = 0; k < count; k++) {
            if (live[k]) {
                merged.hour(firstBucket + k);
            }
        }
        merged.end();
    }

    /** Possible hours, ascending, reported as merged stretches clipped to [from, to]. */
    static final class Merged {
        private long from;
        private long to;
        private StretchVisitor sink;
        private long openLo = Long.MIN_VALUE;
        private long openHi = Long.MIN_VALUE;

        Merged(long from, long to, StretchVisitor sink) {
            this.from = from;
            this.to = to;
            this.sink = sink;
        }

        /** Starts afresh over [from, to] into {@code sink} (after {@link #end}), so that a caller can keep one. */
        Merged reset(long newFrom, long newTo, StretchVisitor newSink) {
            from = newFrom;
            to = newTo;
            sink = newSink;
            openHi = Long.MIN_VALUE;
            return this;
        }

        void hour(long bucket) {
            long start = bucket * BUCKET;
            add(Math.max(from, start), Math.min(to, start + BUCKET - 1));
        }

        private void add(long lo, long hi) {
            if (lo > hi) {
                return;
            }
            if (openHi != Long.MIN_VALUE && lo <= openHi + 1) {
                openHi = hi;
            } else {
                end();
                openLo = lo;
                openHi = hi;
            }
        }

        /** As {@link #hour} for every bucket of [first, last], at once. */
        void hours(long first, long last) {
            if (first <= last) {
                add(Math.max(from, first * BUCKET), Math.min(to, last * BUCKET + BUCKET - 1));
            }
        }

        void end() {
            if (openHi != Long.MIN_VALUE) {
                sink.visit(openLo, openHi);
                openHi = Long.MIN_VALUE;
            }
        }
    }

    /** {@link #possibleStarts} for t_res up to an hour, from the precomputed bits. */
    private void fromBits(Timetable timetable, long from, long to, long firstBucket, long lastBucket,
            long[] notAbove, int[] level, long duration, StretchVisitor sink) {
        int p = properties;
        int constrained = 0;
        for (int i = 0; i < p; i++) {
            if (notAbove[i] < 0) {
                return;                                           // nothing is ever within a negative threshold
            }
            constrained += level[i] < STEPS ? 1 : 0;
        }
        if (constrained == 0) {
            sink.visit(from, to);                                 // no threshold below the capacity
            return;
        }
        int c = durationClass(duration);
        ensureBits(timetable, firstBucket, lastBucket);
        int firstSlot = (int) (firstBucket - base);
        int lastSlot = (int) (lastBucket - base);
        Merged merged = new Merged(from, to, sink);
        for (int w = firstSlot >>> 6; w <= lastSlot >>> 6; w++) {
            long word = wordMask(w, firstSlot, lastSlot);
            for (int i = 0; i < p; i++) {
                if (level[i] < STEPS) {
                    word &= bits[((i * STEPS + level[i]) * words + w) * CLASSES + c];
                }
            }
            for (; word != 0; word &= word - 1) {
                merged.hour(base + (w << 6) + Long.numberOfTrailingZeros(word));
            }
        }
        merged.end();
    }

    /**
     * Bits for [firstBucket, lastBucket] (and the summaries they need): a word of {@link #bitsValid} at a time, so a
     * search over days of hours whose bits are all valid costs a few word tests, not a test per hour.
     */
    private void ensureBits(Timetable timetable, long firstBucket, long lastBucket) {
        cover(firstBucket, lastBucket + 1);
        if (bits.length == 0) {
            bits = new long[properties * STEPS * CLASSES * words];   // first use (no slot's bits were computed)
        }
        int firstSlot = (int) (firstBucket - base);
        int lastSlot = (int) (lastBucket - base);
        for (int w = firstSlot >>> 6; w <= lastSlot >>> 6; w++) {
            long missing = ~bitsValid[w] & wordMask(w, firstSlot, lastSlot);
            for (; missing != 0; missing &= missing - 1) {
                int slot = (w << 6) + Long.numberOfTrailingZeros(missing);
                summarised(timetable, slot);
                summarised(timetable, slot + 1);
                computeBits(slot);
                bitsValid[w] |= 1L << (slot & 63);
            }
        }
    }

    /**
     * The bits of a slot: a start in it may have a run of at least D (D up to an hour) when the slot holds one (its
     * longest), or its suffix run goes on into the next slot's prefix for D in all (a next slot within the level
     * throughout has a prefix of the whole hour, which covers any D up to an hour).
     */
    private void computeBits(int slot) {
        int p = properties;
        int w = slot >>> 6;
        long mask = 1L << (slot & 63);
        for (int i = 0; i < p; i++) {
            for (int q = 0; q < STEPS; q++) {
                long reach = reach(slot, i, q);
                int at = ((i * STEPS + q) * words + w) * CLASSES;
                for (int c = 0; c < CLASSES; c++) {
                    bits[at + c] = CLASS_MILLIS[c] <= reach ? bits[at + c] | mask : bits[at + c] & ~mask;
                }
            }
        }
    }

    /**
     * Per property i, the lowest level q at which a start in {@code bucket} may have a run of at least
     * {@link #CLASS_MILLIS}[c] (the bit of {@link #computeBits} is set exactly for the levels from q on, since a run
     * under a level lies inside a run under every higher one), {@link #STEPS} when none has, written to
     * {@code out[offset + i * stride]}: what {@link HourLevels} keeps for a whole domain.
     */
    void lowestLevels(Timetable timetable, long bucket, long[] scaleOf, int c, byte[] out, int offset, int stride) {
        int p = properties;
        useScale(scaleOf);
        cover(bucket, bucket + 1);
        int slot = (int) (bucket - base);
        summarised(timetable, slot);
        summarised(timetable, slot + 1);
        long d = CLASS_MILLIS[c];
        for (int i = 0; i < p; i++) {
            int lowest = STEPS;
            for (int q = 0; q < STEPS; q++) {
                if (reach(slot, i, q) >= d) {
                    lowest = q;
                    break;
                }
            }
            out[offset + i * stride] = (byte) lowest;
        }
    }

    /**
     * The longest run at level q of property i that a start in the slot may have: one inside the slot, or its suffix
     * going on into the next slot's prefix (both slots summarised).
     */
    private long reach(int slot, int i, int q) {
        int p = properties;
        int r = ((slot * p + i) * STEPS + q) * 3;
        long longest = length(runs[r]);
        long suffix = length(runs[r + 2]);
        long nextPrefix = length(runs[(((slot + 1) * p + i) * STEPS + q) * 3 + 1]);
        return suffix > 0 ? Math.max(longest, suffix + nextPrefix) : longest;
    }

    private int[] levelScratch;

    private void useScale(long[] scaleOf) {
        if (scale != null && Arrays.equals(scale, 0, properties, scaleOf, 0, properties)) {
            return;
        }
        scale = Arrays.copyOf(scaleOf, properties);
        levels = new long[properties * STEPS];
        for (int i = 0; i < properties; i++) {
            for (int q = 0; q < STEPS; q++) {
                levels[i * STEPS + q] = multiplyFloor(Math.max(0, scale[i]), q);
            }
        }
        levelScratch = new int[properties];
        clear();
    }

    /**
     * Longer windows than this (62 days; a counter-offer's search spans 7 days and the request's window) are not
     * summarised: they are answered "possible everywhere", so the index of one timetable stays under 400 KB.
     */
    private static final int MAX_BUCKETS = 24 * 62;

    private void ensure(Timetable timetable, long firstBucket, long lastBucket) {
        cover(firstBucket, lastBucket);
        for (long b = firstBucket; b <= lastBucket; b++) {
            summarised(timetable, (int) (b - base));
        }
    }

    /** Slots for buckets [firstBucket, lastBucket], kept ones where they were. */
    private void cover(long firstBucket, long lastBucket) {
        if (valid.length == 0 || lastBucket < base - 24 * 7 || firstBucket >= base + valid.length + 24 * 7) {
            resize(firstBucket, (int) (lastBucket - firstBucket + 1 + 24), false);   // afresh, a day ahead
        } else if (firstBucket < base || lastBucket >= base + valid.length) {
            long newBase = Math.min(base, firstBucket);
            long slots = Math.max(base + valid.length, lastBucket + 1) - newBase;
            resize(newBase, (int) (slots + slots / 2), true);
        }
    }

    private void summarised(Timetable timetable, int slot) {
        if (!valid[slot]) {
            summarise(timetable, base + slot, slot);
            valid[slot] = true;
        }
    }

    /**
     * The timetable forgot what lies before {@code watermark}: the hour holding it changes, and the hours before it
     * are dropped once they are half of what is kept, so the index follows time instead of growing with it.
     */
    void forgetBefore(long watermark) {
        if (valid.length == 0) {
            return;
        }
        long b = bucket(watermark);
        invalidate(Long.MIN_VALUE / 2, watermark + 1);
        if (b - base > valid.length / 2) {
            int keep = (int) Math.max(0, base + valid.length - b);
            resize(b, Math.max(keep, 24 * 7), true);
        }
    }

    private void resize(long wantedBase, int wantedSlots, boolean keep) {
        int p = properties;
        int stride = p * STEPS * 3;
        // Slots come in words of 64, from a base that is a multiple of 64, so the bits move by whole words.
        long newBase = Math.floorDiv(wantedBase, 64) * 64;
        int slots = (int) ((wantedBase + wantedSlots - newBase + 63) / 64 * 64);
        int newWords = slots / 64;
        boolean[] v = new boolean[slots];
        long[] m = new long[slots * p];
        byte[] r = new byte[slots * stride];
        // The bits only once the per-timetable bit path is used (a domain's HourLevels reads the summaries instead).
        boolean withBits = bits.length > 0;
        long[] b = withBits ? new long[p * STEPS * CLASSES * newWords] : bits;
        long[] bv = new long[newWords];
        if (keep) {
            // Slots [max(base, newBase), min(end, newEnd)) keep their summaries and bits at their new places.
            long from = Math.max(base, newBase);
            long to = Math.min(base + valid.length, newBase + slots);
            if (from < to) {
                int n = (int) (to - from);
                int oldAt = (int) (from - base);
                int newAt = (int) (from - newBase);
                System.arraycopy(valid, oldAt, v, newAt, n);
                System.arraycopy(max, oldAt * p, m, newAt * p, n * p);
                System.arraycopy(runs, oldAt * stride, r, newAt * stride, n * stride);
                int wordCount = n / 64;
                for (int set = 0; withBits && set < p * STEPS; set++) {
                    System.arraycopy(bits, (set * words + oldAt / 64) * CLASSES, b,
                            (set * newWords + newAt / 64) * CLASSES, wordCount * CLASSES);
                }
                System.arraycopy(bitsValid, oldAt / 64, bv, newAt / 64, wordCount);
            }
        }
        base = newBase;
        valid = v;
        max = m;
        runs = r;
        bits = b;
        bitsValid = bv;
        words = newWords;
    }

    // Per property, the segments of the bucket being summarised: start times and reserved amounts.
    private long[] segmentStarts = new long[64];
    private long[] segmentLevels = new long[64];
    private int segmentCount;

    private void summarise(Timetable timetable, long bucket, int slot) {
        int p = properties;
        long start = bucket * BUCKET;
        long end = start + BUCKET;
        segmentCount = 0;
        timetable.forEachSegment(start, end, (s, reserved, offset) -> {
            if (segmentCount == segmentStarts.length) {
                segmentStarts = Arrays.copyOf(segmentStarts, segmentCount * 2);
                segmentLevels = Arrays.copyOf(segmentLevels, segmentCount * 2 * p);
            }
            if (segmentLevels.length < segmentStarts.length * p) {
                segmentLevels = Arrays.copyOf(segmentLevels, segmentStarts.length * p);
            }
            segmentStarts[segmentCount] = s;
            System.arraycopy(reserved, offset, segmentLevels, segmentCount * p, p);
            segmentCount++;
        });
        for (int i = 0; i < p; i++) {
            long m = 0;
            for (int k = 0; k < segmentCount; k++) {
                m = Math.max(m, segmentLevels[k * p + i]);
            }
            max[slot * p + i] = m;
            for (int q = 0; q < STEPS; q++) {
                long level = levels[i * STEPS + q];
                long best = 0;
                long prefix = 0;
                long runStart = Long.MIN_VALUE;
                for (int k = 0; k < segmentCount; k++) {
                    boolean within = segmentLevels[k * p + i] <= level;
                    if (within && runStart == Long.MIN_VALUE) {
                        runStart = segmentStarts[k];
                    } else if (!within && runStart != Long.MIN_VALUE) {
                        best = Math.max(best, segmentStarts[k] - runStart);
                        prefix = runStart == start ? segmentStarts[k] - start : prefix;
                        runStart = Long.MIN_VALUE;
                    }
                }
                long suffix = 0;
                if (runStart != Long.MIN_VALUE) {
                    suffix = end - runStart;
                    best = Math.max(best, suffix);
                    prefix = runStart == start ? BUCKET : prefix;
                }
                int r = ((slot * p + i) * STEPS + q) * 3;
                runs[r] = encode(best);
                runs[r + 1] = encode(prefix);
                runs[r + 2] = encode(suffix);
            }
        }
    }

    /** m * q / LEVELS, rounded down, without overflow for any m >= 0. */
    static long multiplyFloor(long m, int q) {
        return m / LEVELS * q + m % LEVELS * q / LEVELS;
    }

    /**
     * The lowest level q with {@link #multiplyFloor}(scale, q) >= limit, {@link #STEPS} when none: the same as
     * trying q = 0, 1, ... in turn, computed at once. For a scale of at least 0, multiplyFloor(scale, q) is
     * floor(scale * q / LEVELS), and floor(x) >= limit for an integer limit exactly when x >= limit, i.e.
     * q >= LEVELS * limit / scale; above the scale itself no level reaches the limit. (A search asks this for every
     * candidate and property, three times per counter-offer: the loop was 6 % of a decision on full books.)
     */
    static int lowestLevelReaching(long scale, long limit) {
        if (limit <= 0) {
            return 0;
        }
        if (scale <= 0 || limit > scale) {
            return STEPS;
        }
        if (scale > Long.MAX_VALUE / (LEVELS + 1)) {            // LEVELS * limit + scale could overflow: try each
            int q = 0;
            while (q < STEPS && multiplyFloor(scale, q) < limit) {
                q++;
            }
            return q;
        }
        return (int) ((LEVELS * limit + scale - 1) / scale);
    }

    private static byte encode(long length) {
        if (length >= BUCKET) {
            return (byte) WHOLE;
        }
        return (byte) Math.min(254, (length + UNIT - 1) / UNIT);
    }

    private static long length(byte code) {
        int v = code & 0xff;
        return v == WHOLE ? BUCKET : Math.min(BUCKET, v * UNIT);
    }

    private long[][] scratch = new long[1][];
    private boolean[] liveScratch = new boolean[64];

    private boolean[] liveScratch(int size) {
        if (liveScratch.length < size) {
            liveScratch = new boolean[Math.max(size, liveScratch.length * 2)];
        }
        return liveScratch;
    }

    private long[] scratch(int which, int size) {
        if (scratch[which] == null || scratch[which].length < size) {
            scratch[which] = new long[Math.max(size, 64)];
        }
        return scratch[which];
    }

    /** The bits of word w (slots 64 w .. 64 w + 63) that lie in [firstSlot, lastSlot]. */
    static long wordMask(int w, int firstSlot, int lastSlot) {
        long mask = -1L;
        if (w == firstSlot >>> 6) {
            mask &= -1L << (firstSlot & 63);
        }
        if (w == lastSlot >>> 6 && (lastSlot & 63) < 63) {
            mask &= (1L << ((lastSlot & 63) + 1)) - 1;
        }
        return mask;
    }

    private static long bucket(long t) {
        return Math.floorDiv(t, BUCKET);
    }

    private static long saturatingAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }
}
