package io.coreserve.engine.timetable;

import java.util.Arrays;

/**
 * The run indexes' answers for a whole domain, side by side: per duration class, resource, property and level, one
 * bit per hour saying whether a start in the hour may have a run of the class at the level (what each timetable's
 * {@link RunIndex} says for its hours; {@link RunIndex#lowestLevels}). A search asks where each of its candidates may
 * be free ({@link InMemoryTimetables#possibleStarts(int[], int, long, long, long[], long[], long,
 * CandidateStretchVisitor)}) and ANDs one word per constrained property for 64 hours, in arrays shared by the domain,
 * instead of following each timetable to its index.
 *
 * <p>Why: on full books, asking each of about 560 candidates' run indexes was half of a window search (profiled on
 * the engine alone: memory stalls on each timetable's index and bit words, and those bits recomputed after every
 * booking); a byte per hour and property read one by one was still a third of a closest-free search over 7 days.
 *
 * <p>A resource's hour is known once asked of its timetable, and unknown again after an edit of the hour or of the
 * next one (a run from one hour goes on into the next); the levels are fractions of a scale per resource (its
 * capacities), and another scale forgets the resource's hours. Hours come in words of 64 from a base that is a
 * multiple of 64; at most {@link #MAX_HOURS} consecutive hours and {@link #MAX_BYTES} are kept (a domain of a million
 * resources keeps none: its searches ask each timetable, as before). Not thread-safe, like the timetables.
 */
final class HourLevels {

    /** A day and a half before the first hour asked for is kept too, so that a search moving back re-bases less. */
    private static final int MARGIN = 36;
    static final int MAX_HOURS = 24 * 62;
    static final long MAX_BYTES = 64L << 20;
    private static final int STEPS = RunIndex.STEPS;

    private final int properties;
    private int rows;
    /** Bucket (hour) of bit 0, a multiple of 64, and the words of 64 hours per row. */
    private long base;
    private int words;
    /**
     * Per class, bit s of {@code possible[c][((s / 64 * rows + r) * P + i) * STEPS + q]}: a start in hour base + s
     * may have a run of the class at level q of property i of resource r. Valid only where {@link #known} says so.
     * The levels are innermost because learning an hour writes its bit at every level (after each edit of the hour,
     * on filling books more often than a search reads it), while a search reads one level per property. The words
     * are outermost: a search asks its candidates (ascending resources) about the same few words, which then lie in
     * a few hundred kilobytes read in order, instead of one resource's row of days every ten kilobytes (on full books
     * this question was a quarter of a decision, most of it waiting on memory).
     */
    private final long[][] possible = new long[RunIndex.CLASSES][];
    /** Per class, bit s of {@code known[c][s / 64 * rows + r]}: resource r's bits of hour base + s are known. */
    private final long[][] known = new long[RunIndex.CLASSES][];
    /** Per resource and property, the scale its bits are levels of (-1: none yet). */
    private long[] scales = new long[0];

    /**
     * One merger and one forwarding sink for every candidate of every search: made per candidate, they were 7 % of
     * the pipeline's stream thread on full books (allocations the compiler did not remove).
     */
    private final RunIndex.Merged merged = new RunIndex.Merged(0, -1, null);
    private CandidateStretchVisitor candidateVisitor;
    private int candidate;
    private final StretchVisitor toCandidate = (lo, hi) -> candidateVisitor.visit(candidate, lo, hi);

    private final int[] threshold;
    private final long[] scale;
    private final byte[] lowest;

    HourLevels(int properties) {
        this.properties = properties;
        this.threshold = new int[properties];
        this.scale = new long[properties];
        this.lowest = new byte[properties];
    }

    /**
     * Makes room for class {@code c} over buckets [first, last] for resources [0, resources); false when that would
     * pass {@link #MAX_HOURS} or {@link #MAX_BYTES} (the caller then asks each timetable).
     */
    boolean cover(int c, long first, long last, int resources) {
        if (last - first + 1 > MAX_HOURS - 2 * MARGIN - 128) {
            return false;
        }
        long end = base + 64L * words;
        long newBase = base;
        long newEnd = end;
        if (words == 0 || first < base || last >= end) {
            newBase = words == 0 ? first - MARGIN : Math.min(base, first - MARGIN);
            newEnd = Math.max(words == 0 ? Long.MIN_VALUE : end, last + 1 + MARGIN);
            if (newEnd - newBase > MAX_HOURS) {
                newBase = first - MARGIN;                    // the hours before the asked ones are dropped
                newEnd = Math.max(last + 1 + MARGIN, Math.min(newEnd, newBase + MAX_HOURS));
            }
            newBase = Math.floorDiv(newBase, 64) * 64;
            newEnd = Math.floorDiv(newEnd + 63, 64) * 64;
        }
        int newRows = Math.max(rows, resources);
        int newWords = (int) ((newEnd - newBase) / 64);
        int classes = possible[c] == null ? 1 : 0;
        for (long[] kept : possible) {
            classes += kept == null ? 0 : 1;
        }
        if (8L * newRows * properties * (STEPS + 1) * newWords * classes > MAX_BYTES) {
            return false;
        }
        if (newBase != base || newWords != words || newRows != rows) {
            resize(newBase, newWords, newRows);
        }
        if (possible[c] == null) {
            possible[c] = new long[rows * properties * STEPS * words];
            known[c] = new long[rows * words];
        }
        return true;
    }

    /**
     * Candidate k's possible stretches of [from, to] (its resource's timetable, thresholds {@code notAbove[k * P ..]}
     * and capacities {@code capacity[k * P ..]}, duration class c, after {@link #cover}): the hours of the window in
     * which, for every property, a run of the class may hold at the threshold's level, merged. The same hours as the
     * timetable's own {@link Timetable#possibleStarts} answers; hours not known yet are asked of the timetable and
     * kept, and where it keeps no index, every hour it cannot tell is possible.
     */
    void possibleStarts(Timetable timetable, int resource, int k, long from, long to, long duration, long[] notAbove,
            long[] capacity, int c, CandidateStretchVisitor visitor) {
        possibleStarts(timetable, resource, k, from, to, duration, notAbove, capacity, c, visitor, Long.MAX_VALUE);
    }

    /**
     * As above, for a timetable that reserves nothing from {@code freeFrom} on (its last breakpoint): the hours after
     * the one holding it are possible at every level without asking (on full books, a search after a window spends
     * half of its days past the books' end, where every bit would be set and each hour reported one by one).
     */
    void possibleStarts(Timetable timetable, int resource, int k, long from, long to, long duration, long[] notAbove,
            long[] capacity, int c, CandidateStretchVisitor visitor, long freeFrom) {
        int p = properties;
        int offset = k * p;
        boolean constrained = false;
        for (int i = 0; i < p; i++) {
            long limit = notAbove[offset + i];
            if (limit < 0) {
                return;                                       // nothing is ever within a negative threshold
            }
            // The lowest level at or above the threshold, as RunIndex judges it (STEPS: above every level kept).
            int q = RunIndex.lowestLevelReaching(Math.max(0, capacity[offset + i]), limit);
            threshold[i] = q;
            constrained |= q < STEPS;
        }
        if (!constrained) {
            visitor.visit(k, from, to);                       // no threshold below the capacity
            return;
        }
        useScale(resource, capacity, offset);
        long[] bits = possible[c];
        long[] knownBits = known[c];
        long end = to > Long.MAX_VALUE - duration ? Long.MAX_VALUE : to + duration;
        long firstBucket = Math.floorDiv(from, RunIndex.BUCKET);
        long lastBucket = Math.floorDiv(to, RunIndex.BUCKET);
        long freeBucket = freeFrom == Long.MAX_VALUE ? Long.MAX_VALUE : Math.floorDiv(freeFrom, RunIndex.BUCKET) + 1;
        int firstSlot = (int) (firstBucket - base);
        int lastSlot = (int) (Math.min(lastBucket, freeBucket - 1) - base);
        candidateVisitor = visitor;
        candidate = k;
        RunIndex.Merged merged = this.merged.reset(from, to, toCandidate);
        for (int w = firstSlot >>> 6; firstSlot <= lastSlot && w <= lastSlot >>> 6; w++) {
            long mask = RunIndex.wordMask(w, firstSlot, lastSlot) & (skipping ? ~skipped[w] : -1L);
            if (mask == 0) {
                continue;                                     // every hour of the word skipped: nothing to read
            }
            for (long missing = ~knownBits[w * rows + resource] & mask; missing != 0; missing &= missing - 1) {
                learn(timetable, resource, c, (w << 6) + Long.numberOfTrailingZeros(missing), from, end, capacity,
                        offset);
            }
            long word = mask;
            for (int i = 0; i < p; i++) {
                if (threshold[i] < STEPS) {
                    word &= bits[((w * rows + resource) * p + i) * STEPS + threshold[i]];
                }
            }
            // A run of possible hours at a time (on full books a search after a window meets days of them).
            while (word != 0) {
                int lo = Long.numberOfTrailingZeros(word);
                int hi = lo + Long.numberOfTrailingZeros(~(word >>> lo)) - 1;
                merged.hours(base + (w << 6) + lo, base + (w << 6) + hi);
                word = hi == 63 ? 0 : word & -1L << (hi + 1);
            }
        }
        tail(merged, Math.max(firstBucket, freeBucket), lastBucket);
        merged.end();
    }

    /** The hours [first, last] past a timetable's last breakpoint, all possible, less the skipped ones. */
    private void tail(RunIndex.Merged merged, long first, long last) {
        if (!skipping || first > last) {
            merged.hours(first, last);
            return;
        }
        // Runs of hours not skipped, found a word at a time; hours outside the words are never skipped (cover made
        // room for the asked ones).
        long h = first;
        while (h <= last) {
            long end = Math.min(last + 1, nextSkipped(h, true));
            merged.hours(h, end - 1);
            h = end > last ? end : nextSkipped(end, false);
        }
    }

    /** The first hour at or after {@code bucket} that is skipped ({@code skipped}) or not; past the words none is. */
    private long nextSkipped(long bucket, boolean skipped) {
        long slot = bucket - base;
        long slots = 64L * words;
        if (slot < 0) {
            return skipped ? nextSkipped(base, true) : bucket;
        }
        while (slot < slots) {
            long word = skipped ? this.skipped[(int) (slot >>> 6)] : ~this.skipped[(int) (slot >>> 6)];
            word &= -1L << (slot & 63);
            if (word != 0) {
                return base + (slot & ~63L) + Long.numberOfTrailingZeros(word);
            }
            slot = (slot | 63) + 1;
        }
        return skipped ? Long.MAX_VALUE : Math.max(bucket, base + slots);
    }

    /**
     * Hours the next {@link #possibleStarts} answers leave out (until {@link #skipNone}): those whose part in [from,
     * to] lies wholly in one of {@code skip}'s intervals ([lo, hi] pairs, ascending), the times a search will not
     * sweep whatever the answer says (see {@link TimetableView#possibleStarts(int[], int, long, long, long[], long[],
     * long, long[], CandidateStretchVisitor)}). Call after {@link #cover}. On full books a search after a window
     * knows most of its days to hold nothing admissible (what earlier searches proved), yet asked every candidate
     * about every hour of them: a quarter of such a search.
     */
    void skip(long from, long to, long[] skip) {
        skipping = false;
        if (skip.length == 0 || words == 0) {
            return;
        }
        if (skipped.length < words) {
            skipped = new long[words];
        } else {
            Arrays.fill(skipped, 0, words, 0L);
        }
        long lastSlot = 64L * words - 1;
        for (int q = 0; q + 1 < skip.length; q += 2) {
            long lo = Math.max(skip[q], from);
            long hi = Math.min(skip[q + 1], to);
            if (lo > hi) {
                continue;
            }
            // The first hour whose part in [from, to] begins at or after lo, the last whose part ends at or before hi.
            long first = Math.floorDiv(lo, RunIndex.BUCKET);
            if (Math.max(from, first * RunIndex.BUCKET) < lo) {
                first++;
            }
            long last = Math.floorDiv(hi, RunIndex.BUCKET);
            if (Math.min(to, last * RunIndex.BUCKET + RunIndex.BUCKET - 1) > hi) {
                last--;
            }
            for (long slot = Math.max(0, first - base); slot <= Math.min(lastSlot, last - base); slot++) {
                skipped[(int) (slot >>> 6)] |= 1L << (slot & 63);
                skipping = true;
            }
        }
    }

    /** Ends a {@link #skip}: later answers leave out nothing. */
    void skipNone() {
        skipping = false;
    }

    /** Per slot (hour from base), whether the current answers leave it out (see {@link #skip}); valid when skipping. */
    private long[] skipped = new long[0];
    private boolean skipping;

    /**
     * Asks the timetable for the lowest levels of a slot and sets the slot's bit at every level from there on (and
     * clears it below); where the timetable keeps no index, every level's bit is set and the slot stays unknown.
     */
    private void learn(Timetable timetable, int resource, int c, int slot, long from, long end, long[] capacity,
            int offset) {
        System.arraycopy(capacity, offset, scale, 0, properties);
        boolean answered = timetable.lowestLevels(from, end, base + slot, scale, c, lowest, 0, 1);
        long[] bits = possible[c];
        int w = slot >>> 6;
        long bit = 1L << (slot & 63);
        for (int i = 0; i < properties; i++) {
            int lowestLevel = answered ? lowest[i] : 0;
            int at = ((w * rows + resource) * properties + i) * STEPS;
            for (int q = 0; q < STEPS; q++) {
                bits[at + q] = q >= lowestLevel ? bits[at + q] | bit : bits[at + q] & ~bit;
            }
        }
        if (answered) {
            known[c][w * rows + resource] |= bit;
        }
    }

    /** Makes the resource's bits levels of {@code scale[offset ..]}, forgetting them when they were of another. */
    private void useScale(int resource, long[] capacity, int offset) {
        int at = resource * properties;
        if (Arrays.equals(scales, at, at + properties, capacity, offset, offset + properties)) {
            return;
        }
        System.arraycopy(capacity, offset, scales, at, properties);
        forget(resource, 0, 64 * words - 1);
    }

    /** What the resource holds changed on [from, to): the hours it touches, and the one before, are unknown again. */
    void edited(int resource, long from, long to) {
        if (words == 0 || resource >= rows || to <= from) {
            return;
        }
        long first = Math.max(Math.floorDiv(from, RunIndex.BUCKET) - 1, base);
        long last = Math.min(Math.floorDiv(to - 1, RunIndex.BUCKET), base + 64L * words - 1);
        if (first <= last) {
            forget(resource, (int) (first - base), (int) (last - base));
        }
    }

    /** Drops the words of hours before {@code bucket} (the books forgot them), so that edits there cost nothing. */
    void dropBefore(long bucket) {
        long newBase = Math.floorDiv(bucket, 64) * 64;
        if (words > 1 && newBase > base) {
            int dropped = (int) Math.min((newBase - base) / 64, words - 1);
            resize(base + 64L * dropped, words - dropped, rows);
        }
    }

    /** Clears the known bits of slots [fromSlot, toSlot] of the resource, in every class. */
    private void forget(int resource, int fromSlot, int toSlot) {
        for (long[] kept : known) {
            if (kept == null) {
                continue;
            }
            for (int w = fromSlot >>> 6; w <= toSlot >>> 6; w++) {
                kept[w * rows + resource] &= ~RunIndex.wordMask(w, fromSlot, toSlot);
            }
        }
    }

    private void resize(long newBase, int newWords, int newRows) {
        int p = properties;
        // Whole words move: both bases are multiples of 64.
        int shift = (int) ((newBase - base) / 64);
        int fromWord = Math.max(0, shift);
        int toWord = Math.min(words, shift + newWords);
        for (int c = 0; c < possible.length; c++) {
            if (possible[c] == null) {
                continue;
            }
            long[] bits = new long[newRows * p * STEPS * newWords];
            long[] knownBits = new long[newRows * newWords];
            // A word's plane (every resource's bits of its 64 hours) moves as one, rows kept in place within it.
            for (int w = fromWord; w < toWord; w++) {
                System.arraycopy(possible[c], w * rows * p * STEPS, bits, (w - shift) * newRows * p * STEPS,
                        rows * p * STEPS);
                System.arraycopy(known[c], w * rows, knownBits, (w - shift) * newRows, rows);
            }
            possible[c] = bits;
            known[c] = knownBits;
        }
        if (newRows != rows) {
            long[] s = new long[newRows * p];
            Arrays.fill(s, -1L);
            System.arraycopy(scales, 0, s, 0, scales.length);
            scales = s;
        }
        base = newBase;
        words = newWords;
        rows = newRows;
    }
}
