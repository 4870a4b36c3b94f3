package io.coreserve.engine.timetable;

import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * The timetables T_ij(t) of one resource R_j for all its properties P_i (section 2): step functions of the
 * reserved amount over time, in micro-units (see {@code model.Quantity}). Intervals are half-open, [from, to).
 *
 * <p>Compact, because a store holds up to a million of them with thousands of reservations each. All properties
 * share their breakpoints, which are kept in blocks of up to {@value BlockCodec#MAX_BREAKPOINTS} encoded as
 * changes in one {@code byte[]} ({@link BlockCodec}: about 5 to 12 bytes per breakpoint for three properties,
 * against 32 as plain longs). A small index holds per block its first time, where its bytes are, the amounts
 * reserved just before it (its base, so every block decodes on its own) and the most reserved within it. A
 * query is a binary search over the blocks plus a decode of the blocks it touches, and blocks lying wholly
 * inside a queried interval answer from their maximum without a decode; an edit rewrites only the blocks at
 * its two ends and shifts the bases and maxima of the blocks between.
 *
 * <p>The representation is canonical (no breakpoint leaves all amounts unchanged), so releasing a reservation
 * restores exactly the breakpoints and amounts that were there before. Before the first breakpoint and from
 * the last one on, nothing is reserved.
 *
 * <p>Not thread-safe, and timetables built by one {@link InMemoryTimetables} share their decoding rows: use
 * them from one thread at a time, and do not query a timetable of the same store from inside a visitor.
 */
public final class Timetable {

    private static final byte[] NO_BYTES = new byte[0];
    private static final long[] NO_LONGS = new long[0];
    /** Shared zeros for the segment before the first breakpoint; visitors must not change it. */
    private static final long[] NOTHING_RESERVED = new long[64];

    private final int properties;
    private final DecodedRows rows;
    private byte[] data = NO_BYTES;
    private int used;
    /**
     * Per block, {@link #stride()} longs: first time, offset/count/unit, base amounts, maximum amounts, minimum
     * amounts (the extremes over the block's own segments, from its first breakpoint to the next block).
     */
    private long[] index = NO_LONGS;
    private int blocks;
    private int size;
    /** Everything before this time is forgotten (see {@link #forgetBefore}). */
    private long forgotten = Long.MIN_VALUE;
    /** Where a decoded copy may be kept (null: never), and the copy: rows 0..size as in {@link DecodedRows}. */
    private final DecodedCache cache;
    private DecodedCopy copy;

    public Timetable(int properties) {
        this(new DecodedRows(checkProperties(properties)), null, false);
    }

    /**
     * A timetable decoding into rows shared with the other timetables of a store, kept decoded whole in
     * {@code cache} (may be null) while it does not change.
     */
    Timetable(DecodedRows rows, DecodedCache cache) {
        this(rows, cache, true);
    }

    private Timetable(DecodedRows rows, DecodedCache cache, boolean inStore) {
        this.properties = rows.properties;
        this.rows = rows;
        this.cache = cache;
        this.inStore = inStore;
    }

    /** Whether a store made this timetable (then its run index is kept only with a decoded copy, in the budget). */
    private final boolean inStore;

    public int properties() {
        return properties;
    }

    /** Number of breakpoints. */
    public int breakpoints() {
        return size;
    }

    /**
     * The time of the last breakpoint, from which on nothing is reserved (Long.MIN_VALUE: none). Kept until a block is
     * rewritten (every edit, load and forgetting that changes breakpoints does): a search asks it of every candidate,
     * and finding it decodes the last block.
     */
    public long lastBreakpoint() {
        if (!lastKnown) {
            last = size == 0 ? Long.MIN_VALUE : rows.times[decodeAll(blocks - 1)];
            lastKnown = true;
        }
        return last;
    }

    private long last;
    private boolean lastKnown;

    /**
     * The last two segments: the one of the last breakpoint but one (what the latest reservation holds there) and the
     * one of the last breakpoint (nothing reserved from then on), their start times into {@code times[row]} and
     * {@code times[row + 1]} and their amounts into {@code levels[row * P ..]} and {@code levels[(row + 1) * P ..]}.
     * False, with nothing written, when there are fewer than two breakpoints. Decodes the last block (and the one
     * before it when the last holds a single breakpoint).
     */
    boolean lastTwoSegments(long[] times, long[] levels, int row) {
        if (size < 2) {
            return false;
        }
        int p = properties;
        int n = decodeAll(blocks - 1);
        times[row + 1] = rows.times[n];
        // Row n - 1 is the block's base when the block holds one breakpoint: the amounts just before it.
        System.arraycopy(rows.levels, (n - 1) * p, levels, row * p, 2 * p);
        // Then that segment starts at the last breakpoint of the block before (decoding it overwrites the rows).
        int lastButOne = n >= 2 ? n - 1 : decodeAll(blocks - 2);
        times[row] = rows.times[lastButOne];
        return true;
    }

    /** Bytes held by the encoded breakpoints and the block index (array contents, without object headers). */
    public long encodedBytes() {
        return data.length + 8L * index.length;
    }

    /** The maximum reserved amount of each property over [from, to): T_ij^t of Phase IV. */
    public void maxReserved(long from, long to, long[] out) {
        Arrays.fill(out, 0, properties, 0L);
        if (blocks == 0 || to <= from) {
            return;
        }
        int p = properties;
        if (decoded(false)) {
            long[] times = copy.times;
            long[] levels = copy.levels;
            int r = copy.segmentAt(from);
            maxInto(out, levels, r * p);
            for (r++; r <= copy.count && times[r] < to; r++) {
                maxInto(out, levels, r * p);
            }
            return;
        }
        int b = Math.max(blockAt(from), 0);
        int n = decode(b, to - 1);
        long[] levels = rows.levels;
        for (int r = rows.segmentAt(n, from); r <= n; r++) {
            maxInto(out, levels, r * p);
        }
        for (b++; b < blocks && firstTime(b) < to; b++) {
            if (b + 1 < blocks && firstTime(b + 1) <= to) {
                maxInto(out, index, b * stride() + 2 + p);  // the whole block lies inside [from, to)
                continue;
            }
            n = decode(b, to - 1);
            for (int r = 1; r <= n; r++) {
                maxInto(out, levels, r * p);
            }
        }
    }

    /** The minimum reserved amount of each property over [from, to). */
    public void minReserved(long from, long to, long[] out) {
        Arrays.fill(out, 0, properties, Long.MAX_VALUE);
        forEachSegment(from, to, (start, reserved, offset) -> {
            for (int i = 0; i < properties; i++) {
                out[i] = Math.min(out[i], reserved[offset + i]);
            }
        });
    }

    /** The reserved amount of one property at time t. */
    public long reservedAt(long t, int property) {
        int b = blockAt(t);
        if (b < 0) {
            return 0L;
        }
        int n = decode(b, t);
        return rows.levels[n * properties + property];
    }

    /**
     * Reports, in ascending order, each breakpoint b with from < b <= to at which the reserved amount of some
     * property drops, i.e. where some availability a_ij(t) increases (Phase III, line 6).
     */
    public void forEachAvailabilityIncrease(long from, long to, LongConsumer sink) {
        int p = properties;
        for (int b = Math.max(blockAt(from), 0); b < blocks && firstTime(b) <= to; b++) {
            int n = decode(b, to);
            long[] times = rows.times;
            long[] levels = rows.levels;
            for (int r = rows.firstAtOrAfter(n, from == Long.MAX_VALUE ? from : from + 1); r <= n; r++) {
                for (int i = 0; i < p; i++) {
                    if (levels[r * p + i] < levels[(r - 1) * p + i]) {
                        sink.accept(times[r]);
                        break;
                    }
                }
            }
        }
    }

    /**
     * Visits the segments overlapping [from, to) in ascending order. The first visited start is clipped to
     * {@code from}; the amounts are {@code reserved[offset .. offset + properties)}, valid only during the call.
     */
    public void forEachSegment(long from, long to, SegmentVisitor visitor) {
        forEachSegment(from, to, null, visitor);
    }

    /**
     * As {@link #forEachSegment(long, long, SegmentVisitor)}, but a block of breakpoints lying wholly inside
     * [from, to) in which some property i stays above {@code busyAbove[i]} throughout is visited as one segment,
     * starting where the block starts, with the amounts reserved at its end (which are above the threshold too,
     * and are what the next segment follows on). For a search that only needs to know where a resource is too
     * busy (Phase III: A_j = 0 where p_ij - T_ij < e_i, i.e. T_ij > p_ij - e_i): on full books most of a long
     * window is such blocks, and skipping them saves decoding every breakpoint in them. With {@code busyAbove}
     * null no block is skipped.
     */
    public void forEachSegment(long from, long to, long[] busyAbove, SegmentVisitor visitor) {
        if (sweepsCopy(from, to)) {
            int p = properties;
            long[] times = copy.times;
            long[] levels = copy.levels;
            int r = copy.segmentAt(from);
            visitor.visit(from, levels, r * p);
            for (r++; r <= copy.count && times[r] < to; r++) {
                visitor.visit(times[r], levels, r * p);
            }
            return;
        }
        int b = blockAt(from);
        if (b < 0) {
            visitor.visit(from, properties <= NOTHING_RESERVED.length ? NOTHING_RESERVED : new long[properties], 0);
            b = 0;
        } else {
            int n = decode(b, Math.max(to - 1, from));
            int r = rows.segmentAt(n, from);
            visitor.visit(from, rows.levels, r * properties);
            visitRows(r + 1, n, visitor);
            b++;
        }
        for (; b < blocks && firstTime(b) < to; b++) {
            if (busyAbove != null && b + 1 < blocks && firstTime(b + 1) <= to && busyThroughout(b, busyAbove)) {
                // The amounts at the block's end are the next block's base.
                visitor.visit(firstTime(b), index, (b + 1) * stride() + 2);
                continue;
            }
            visitRows(1, decode(b, to - 1), visitor);
        }
    }

    /**
     * Whether a sweep over [from, to) reads the decoded copy (made here if need be). A sweep over many blocks (Phase
     * III over a closest-free search's days) makes the copy, evicting others if need be; a short one (a request's own
     * window) makes one only while the budget has room (see {@link #decoded}).
     */
    private boolean sweepsCopy(long from, long to) {
        return blocks > 0 && (copy != null ? decoded(false) : decoded(cache != null && isLongSweep(from, to)));
    }

    /**
     * Points {@code span} at the decoded copy's rows over [from, to) when {@link #forEachSegment(long, long, long[],
     * SegmentVisitor)} would sweep the copy (the same decision, so the same segments); false when it would decode
     * blocks instead.
     */
    boolean decodedSpan(long from, long to, DecodedSpan span) {
        if (!sweepsCopy(from, to)) {
            return false;
        }
        span.times = copy.times;
        span.levels = copy.levels;
        span.first = copy.segmentAt(from);
        span.last = copy.count;
        return true;
    }

    /**
     * Reports, ascending and merged, stretches [lo, hi] of [from, to] that hold every t at which each property i
     * stays at or below {@code notAbove[i]} throughout [t, t + duration) (and maybe other times too, never fewer):
     * outside them such a search need not look. Summaries per hour are kept between calls ({@link RunIndex}), at
     * levels that are fractions of {@code scale} (the resource's capacities; the same at every call, or they are
     * made again).
     */
    public void possibleStarts(long from, long to, long[] notAbove, long[] scale, long duration,
            StretchVisitor visitor) {
        if (from > to) {
            return;
        }
        if (duration <= 0) {
            visitor.visit(from, to);                         // [t, t) holds nothing: every t qualifies
            return;
        }
        long end = to > Long.MAX_VALUE - duration ? Long.MAX_VALUE : to + duration;
        RunIndex index = indexFor(from, end);
        if (index == null) {
            visitor.visit(from, to);                         // no index: every start is possible, sweep as before
            return;
        }
        long indexBytes = index.bytes();
        index.possibleStarts(this, from, to, notAbove, scale, duration, visitor);
        accountIndex(indexBytes);
    }

    /**
     * For {@link HourLevels}: per property i, the lowest of the run index's levels at which a start in the hour
     * {@code bucket} may have a run of duration class {@code durationClass}, into {@code out[offset + i * stride]}
     * (see {@link RunIndex#lowestLevels}); false, with nothing written, when this timetable keeps no run index (in a
     * store without room for its decoded copy). {@code [from, end)} is the whole search's span, which decides
     * whether the timetable is worth keeping decoded, as in {@link #possibleStarts}.
     */
    boolean lowestLevels(long from, long end, long bucket, long[] scale, int durationClass, byte[] out, int offset,
            int stride) {
        RunIndex index = indexFor(from, end);
        if (index == null) {
            return false;
        }
        long indexBytes = index.bytes();
        index.lowestLevels(this, bucket, scale, durationClass, out, offset, stride);
        accountIndex(indexBytes);
        return true;
    }

    /** The run index a search over [from, end) may use, made if the budget has room; null when there is none. */
    private RunIndex indexFor(long from, long end) {
        // A search over many blocks keeps the timetable decoded (as a long sweep would), so that summarising its
        // hours and sweeping the pieces around its possible starts decode nothing again.
        if (blocks > 0 && cache != null && copy == null) {
            decoded(isLongSweep(from, end));
        }
        if (inStore && copy == null) {
            // In a store the index lives with the decoded copy, within the same budget (it is dropped with it).
            return null;
        }
        if (runIndex == null) {
            if (cache != null && !cache.hasRoom(0)) {
                return null;                                 // the budget is spent: no index, sweep as before
            }
            runIndex = new RunIndex(properties);
        }
        return runIndex;
    }

    /** The index grew from {@code indexBytes}: count it in the budget, or drop it when it does not fit. */
    private void accountIndex(long indexBytes) {
        if (cache != null && runIndex.bytes() != indexBytes) {
            if (cache.hasRoom(runIndex.bytes() - indexBytes)) {
                cache.resize(this, copy.bytes() + runIndex.bytes());
            } else {
                runIndex = null;                             // its answer was given already
                cache.resize(this, copy.bytes());
            }
        }
    }

    /**
     * Told of every change of what is reserved, by the span it changed (for {@link HourLevels}), and whether the
     * change may have taken amounts out there ({@code freed}: a release or a bulk load; forgetting the past does not
     * count, since it changes nothing from the watermark on).
     */
    @FunctionalInterface
    interface EditListener {
        void edited(long from, long to, boolean freed);
    }

    private EditListener edits;

    /** Tells {@code listener} of every later change of what is reserved. */
    void onEdit(EditListener listener) {
        this.edits = listener;
    }

    private RunIndex runIndex;

    /** Whether a sweep over [from, to) spans enough blocks to keep the timetable decoded (evicting others). */
    private boolean isLongSweep(long from, long to) {
        return blockAt(to) - blockAt(from) >= cache.sweepBlocks();
    }

    private boolean busyThroughout(int b, long[] busyAbove) {
        int s = b * stride() + 2 + 2 * properties;
        for (int i = 0; i < properties; i++) {
            if (index[s + i] > busyAbove[i]) {
                return true;
            }
        }
        return false;
    }

    /** Adds the amounts on [from, to) (on the part of it not forgotten, see {@link #forgetBefore}). */
    public void reserve(long from, long to, long[] amounts) {
        checkInterval(from, to);
        for (int i = 0; i < properties; i++) {
            if (amounts[i] < 0) {
                throw new IllegalArgumentException("negative amount " + amounts[i]);
            }
        }
        if (to > forgotten) {
            add(Math.max(from, forgotten), to, amounts, 1);
        }
    }

    /**
     * Subtracts the amounts on [from, to), restoring exactly the timetable as it was before the matching
     * {@link #reserve}. Fails, without a change, when less than the amounts is reserved somewhere in the
     * interval.
     */
    public void release(long from, long to, long[] amounts) {
        checkInterval(from, to);
        if (to <= forgotten) {
            return;                  // wholly in the forgotten past: nothing of it is kept
        }
        from = Math.max(from, forgotten);
        long[] min = new long[properties];
        minReserved(from, to, min);
        for (int i = 0; i < properties; i++) {
            if (amounts[i] < 0 || min[i] < amounts[i]) {
                throw new IllegalArgumentException("cannot release " + amounts[i] + " of property " + i
                        + " on [" + from + ", " + to + "): only " + min[i] + " reserved there");
            }
        }
        add(from, to, amounts, -1);
    }

    /**
     * Replaces the whole content by the step function given as breakpoints, in one encoding pass (a bulk load,
     * much faster than one {@link #reserve} per reservation): {@code times[0..n)} strictly ascending and
     * {@code values[k * properties + i] >= 0} reserved from times[k] on, canonical (each breakpoint changes some
     * amount) and ending with nothing reserved. Fails, without a change, on anything else.
     */
    public void load(long[] times, long[] values, int n) {
        int p = properties;
        rows.ensureRows(n + 1);
        rows.times[0] = Long.MIN_VALUE;
        Arrays.fill(rows.levels, 0, p, 0L);
        System.arraycopy(times, 0, rows.times, 1, n);
        System.arraycopy(values, 0, rows.levels, p, n * p);
        for (int r = 1; r <= n; r++) {
            if (r > 1 && times[r - 1] <= times[r - 2]) {
                throw new IllegalArgumentException("breakpoint times must ascend strictly: " + times[r - 2]
                        + " then " + times[r - 1]);
            }
            for (int i = 0; i < p; i++) {
                if (values[(r - 1) * p + i] < 0) {
                    throw new IllegalArgumentException("negative amount at " + times[r - 1]);
                }
            }
            if (rows.isRedundant(r)) {
                throw new IllegalArgumentException("breakpoint at " + times[r - 1] + " changes nothing");
            }
        }
        for (int i = 0; n > 0 && i < p; i++) {
            if (values[(n - 1) * p + i] != 0) {
                throw new IllegalArgumentException("the last breakpoint must end every reservation");
            }
        }
        forgetCopy();
        if (runIndex != null) {
            runIndex.clear();
        }
        if (edits != null) {
            edits.edited(Long.MIN_VALUE, Long.MAX_VALUE, true);
        }
        data = NO_BYTES;
        used = 0;
        index = NO_LONGS;
        blocks = 0;
        size = 0;
        rewrite(0, 0, n);
    }

    /**
     * Forgets the past: drops every breakpoint before {@code watermark} (keeping the amounts reserved at the
     * watermark as a breakpoint there), so that a timetable holds only what can still be asked about and does
     * not grow with every reservation that ever ended. Afterwards nothing counts as reserved before the
     * watermark, and {@link #reserve} and {@link #release} act on the part of their interval from the watermark
     * on (a reservation that began before it is released exactly as far as it is still kept). Queries over
     * intervals from the watermark on answer as before. A watermark not after an earlier one changes nothing.
     *
     * <p>Costs a binary search when less than a block lies in the past, else one rewrite of the first block.
     */
    public void forgetBefore(long watermark) {
        if (watermark <= forgotten) {
            return;
        }
        forgotten = watermark;
        if (runIndex != null) {
            runIndex.forgetBefore(watermark);
        }
        if (edits != null) {
            edits.edited(Long.MIN_VALUE, watermark + 1, false);
        }
        int b = blockAt(watermark);
        if (b < 0) {
            return;                                            // nothing reserved before the watermark
        }
        int n = decodeAll(b);
        int r = rows.segmentAt(n, watermark);                  // >= 1: block b starts at or before the watermark
        if (b == 0 && r == 1) {
            return;                                            // only one breakpoint at or before it: keep it
        }
        forgetCopy();
        // Rows r..n become rows 1..: the first moved to the watermark, nothing reserved before it.
        int p = properties;
        int kept = n - r + 1;
        System.arraycopy(rows.times, r, rows.times, 1, kept);
        System.arraycopy(rows.levels, r * p, rows.levels, p, kept * p);
        rows.times[1] = watermark;
        Arrays.fill(rows.levels, 0, p, 0L);
        rewrite(0, b + 1, removeIfRedundant(kept, 1));
    }

    /** The time before which this timetable has forgotten everything, or Long.MIN_VALUE. */
    public long forgottenBefore() {
        return forgotten;
    }

    /** Frees unused array slack, e.g. after bulk loading. */
    public void trim() {
        data = Arrays.copyOf(data, used);
        index = Arrays.copyOf(index, blocks * stride());
    }

    /** A copy of the breakpoints, for tests and diagnostics. */
    public long[] times() {
        long[] result = new long[size];
        int k = 0;
        for (int b = 0; b < blocks; b++) {
            int n = decode(b, Long.MAX_VALUE);
            System.arraycopy(rows.times, 1, result, k, n);
            k += n;
        }
        return result;
    }

    /** A copy of the segment values, {@code values[k * properties + i]} from breakpoint k on. */
    public long[] values() {
        long[] result = new long[size * properties];
        int k = 0;
        for (int b = 0; b < blocks; b++) {
            int n = decode(b, Long.MAX_VALUE);
            System.arraycopy(rows.levels, properties, result, k, n * properties);
            k += n * properties;
        }
        return result;
    }

    // ---------------------------------------------------------------------------------------------------------
    // Edits

    private void add(long from, long to, long[] amounts, int sign) {
        addToBlocks(from, to, amounts, sign);
        if (runIndex != null) {
            runIndex.invalidate(from, to);
        }
        if (edits != null) {
            edits.edited(from, to, sign < 0);
        }
        if (copy != null) {
            // The same edit on the decoded copy; should it ever disagree with the blocks, it is dropped.
            if (copy.add(from, to, amounts, sign)) {
                cache.resize(this, copy.bytes() + (runIndex == null ? 0 : runIndex.bytes()));
            }
            if (copy.count != size) {
                cache.disagreed();
                forgetCopy();
            }
        }
    }

    private void addToBlocks(long from, long to, long[] amounts, int sign) {
        int[] count = new int[1];
        int first = Math.max(blockAt(from), 0);
        int last = Math.max(blockAt(to), 0);
        if (first == last) {
            int n = decodeAll(first);
            int rFrom = rows.ensureBreakpoint(n, from, count);
            int rTo = rows.ensureBreakpoint(count[0], to, count);
            n = count[0];
            rows.add(rFrom, rTo, amounts, sign);
            n = removeIfRedundant(n, rTo);
            n = removeIfRedundant(n, rFrom);
            rewrite(first, Math.min(first + 1, blocks), n);
            return;
        }
        // The block holding `to`: everything before `to`, its base included, changes.
        int n = decodeAll(last);
        int rTo = rows.ensureBreakpoint(n, to, count);
        n = count[0];
        rows.add(0, rTo, amounts, sign);
        n = removeIfRedundant(n, rTo);
        rewrite(last, last + 1, n);
        // The blocks between lie wholly inside [from, to): only their bases and maxima move.
        int p = properties;
        for (int b = first + 1; b < last; b++) {
            int s = b * stride();
            for (int i = 0; i < p; i++) {
                index[s + 2 + i] += sign * amounts[i];
                index[s + 2 + p + i] += sign * amounts[i];
                index[s + 2 + 2 * p + i] += sign * amounts[i];
            }
        }
        // The block holding `from`: everything from `from` on changes.
        n = decodeAll(first);
        int rFrom = rows.ensureBreakpoint(n, from, count);
        n = count[0];
        rows.add(rFrom, n + 1, amounts, sign);
        n = removeIfRedundant(n, rFrom);
        rewrite(first, first + 1, n);
    }

    private int removeIfRedundant(int n, int r) {
        return r >= 1 && r <= n && rows.isRedundant(r) ? rows.removeRow(n, r) : n;
    }

    /**
     * Replaces blocks [first, end) by the breakpoints in rows 1..n (row 0 holding the amounts before them):
     * merged with the next block when few, split into even blocks when too many, and none when n is 0.
     */
    private void rewrite(int first, int end, int n) {
        lastKnown = false;                                     // breakpoint times are written only here
        if (n < BlockCodec.MIN_BREAKPOINTS && end < blocks) {
            n += decode(end, Long.MAX_VALUE, n + 1);
            end++;
        }
        int p = properties;
        int chunks = (n + BlockCodec.MAX_BREAKPOINTS - 1) / BlockCodec.MAX_BREAKPOINTS;
        byte[] out = rows.encodeBuffer(n * BlockCodec.maxBytesPerBreakpoint(p));
        long[] entries = new long[chunks * stride()];
        int pos = 0;
        for (int c = 0, firstRow = 1; c < chunks; c++) {
            int lastRow = (int) ((long) n * (c + 1) / chunks);
            int unit = BlockCodec.unitCode(rows.times, firstRow, lastRow);
            int s = c * stride();
            entries[s] = rows.times[firstRow];
            entries[s + 1] = (long) pos << 32 | (long) (lastRow - firstRow + 1) << 2 | unit;
            System.arraycopy(rows.levels, (firstRow - 1) * p, entries, s + 2, p);
            Arrays.fill(entries, s + 2 + p, s + 2 + 2 * p, Long.MIN_VALUE);
            Arrays.fill(entries, s + 2 + 2 * p, s + 2 + 3 * p, Long.MAX_VALUE);
            for (int r = firstRow; r <= lastRow; r++) {
                for (int i = 0; i < p; i++) {
                    entries[s + 2 + p + i] = Math.max(entries[s + 2 + p + i], rows.levels[r * p + i]);
                    entries[s + 2 + 2 * p + i] = Math.min(entries[s + 2 + 2 * p + i], rows.levels[r * p + i]);
                }
            }
            pos = BlockCodec.encode(rows, firstRow, lastRow, unit, out, pos);
            firstRow = lastRow + 1;
        }
        splice(first, end, entries, chunks, out, pos);
        size += n;
    }

    /** Replaces the bytes and index entries of blocks [first, end) by new ones (offsets relative to 0). */
    private void splice(int first, int end, long[] entries, int chunks, byte[] bytes, int length) {
        int stride = stride();
        int byteFrom = first < blocks ? offset(first) : used;
        int byteTo = end < blocks ? offset(end) : used;
        for (int b = first; b < end; b++) {
            size -= count(b);
        }
        int shift = length - (byteTo - byteFrom);
        if (used + shift > data.length) {
            data = Arrays.copyOf(data, Math.max(used + shift, data.length + (data.length >> 1) + 16));
        }
        System.arraycopy(data, byteTo, data, byteTo + shift, used - byteTo);
        System.arraycopy(bytes, 0, data, byteFrom, length);
        used += shift;

        int newBlocks = blocks - (end - first) + chunks;
        if (newBlocks * stride > index.length) {
            index = Arrays.copyOf(index, Math.max(newBlocks * stride, index.length + (index.length >> 1)));
        }
        System.arraycopy(index, end * stride, index, (first + chunks) * stride, (blocks - end) * stride);
        for (int c = 0; c < chunks; c++) {
            entries[c * stride + 1] += (long) byteFrom << 32;
        }
        System.arraycopy(entries, 0, index, first * stride, chunks * stride);
        blocks = newBlocks;
        for (int b = first + chunks; b < blocks; b++) {
            index[b * stride + 1] += (long) shift << 32;
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // The decoded copy

    /** Whether the decoded copy is there; with {@code make}, decoding it now if the cache takes it. */
    private boolean decoded(boolean make) {
        if (copy != null) {
            cache.touch(this);
            return true;
        }
        if (cache == null || blocks == 0) {
            return false;
        }
        int p = properties;
        // A short sweep (a request's own window) makes a copy too while the budget has room without evicting
        // another: the first stretch of every search decodes the blocks of hundreds of candidates, a quarter of a
        // decision's time on the pipeline's books; evicting for it would only make copies chase each other.
        if (!make && !cache.hasRoom(DecodedCopy.bytesFor(p, size + 1))) {
            return false;
        }
        DecodedCopy made = new DecodedCopy(p, size + 1);
        if (!cache.admit(this, made.bytes())) {
            return false;
        }
        made.times[0] = Long.MIN_VALUE;
        System.arraycopy(index, 2, made.levels, 0, p);         // block 0's base: what is reserved before it
        int k = 1;
        for (int b = 0; b < blocks; b++) {
            int n = decode(b, Long.MAX_VALUE);
            System.arraycopy(rows.times, 1, made.times, k, n);
            System.arraycopy(rows.levels, p, made.levels, k * p, n * p);
            k += n;
        }
        made.count = size;
        copy = made;
        return true;
    }

    /** Forgets the decoded copy because the cache evicted it. */
    void dropDecoded() {
        copy = null;
        runIndex = null;
    }

    /** Forgets the decoded copy and tells the cache (the timetable changed in a way the copy does not follow). */
    private void forgetCopy() {
        if (copy != null) {
            cache.forget(this);
            copy = null;
            runIndex = null;                                 // in a store the index lives with the copy
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Blocks

    private int stride() {
        return 2 + 3 * properties;
    }

    private long firstTime(int b) {
        return index[b * stride()];
    }

    private int offset(int b) {
        return (int) (index[b * stride() + 1] >>> 32);
    }

    private int count(int b) {
        return (int) (index[b * stride() + 1] >>> 2) & 0x3FFF_FFFF;
    }

    /** The last block whose first breakpoint is at or before t, or -1. */
    private int blockAt(long t) {
        int lo = 0;
        int hi = blocks - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (firstTime(mid) <= t) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return hi;
    }

    /** Decodes block b's breakpoints up to time {@code limit} into rows 1..n, its base into row 0; returns n. */
    private int decode(int b, long limit) {
        System.arraycopy(index, b * stride() + 2, rows.levels, 0, properties);
        rows.times[0] = Long.MIN_VALUE;
        return decode(b, limit, 1);
    }

    /** Decodes block b into rows from {@code at} on (row at - 1 holding its base); returns the rows written. */
    private int decode(int b, long limit, int at) {
        int s = b * stride();
        long packed = index[s + 1];
        return BlockCodec.decode(data, (int) (packed >>> 32), count(b), index[s], (int) (packed & 3), limit, rows, at);
    }

    /** Decodes block b whole (or, with no blocks yet, nothing: an empty base); returns n. */
    private int decodeAll(int b) {
        if (blocks == 0) {
            Arrays.fill(rows.levels, 0, properties, 0L);
            rows.times[0] = Long.MIN_VALUE;
            return 0;
        }
        return decode(b, Long.MAX_VALUE);
    }

    private void visitRows(int from, int to, SegmentVisitor visitor) {
        for (int r = from; r <= to; r++) {
            visitor.visit(rows.times[r], rows.levels, r * properties);
        }
    }

    private void maxInto(long[] out, long[] values, int offset) {
        for (int i = 0; i < properties; i++) {
            out[i] = Math.max(out[i], values[offset + i]);
        }
    }

    private static int checkProperties(int properties) {
        if (properties <= 0) {
            throw new IllegalArgumentException("properties must be positive");
        }
        return properties;
    }

    private static void checkInterval(long from, long to) {
        if (to <= from) {
            throw new IllegalArgumentException("empty interval [" + from + ", " + to + ")");
        }
    }
}
