package io.coreserve.engine.timetable;

import java.util.function.LongConsumer;

/**
 * All timetables in memory: one {@link Timetable} per resource, created on the first reservation. Not
 * thread-safe (the timetables share one set of decoding rows); the caller serialises access (a stream task
 * does).
 */
public final class InMemoryTimetables implements TimetableStore {

    private final int properties;
    private Timetable[] timetables;
    private final long[] nothingReserved;
    private final DecodedRows rows;
    private long forgotten = Long.MIN_VALUE;
    /** Edits that may have taken amounts out (see {@link #releases}). */
    private long releases;

    /** Timetables decoded whole for searches are kept within this many bytes by default (see {@link DecodedCache}). */
    public static final long DEFAULT_DECODED_BYTES = 256L << 20;

    private final DecodedCache decoded;
    /** The run indexes' answers for all timetables side by side, for searches over many candidates. */
    private final HourLevels hourLevels;
    /** Every timetable's last two segments side by side, for sweeps beginning where its reservations end. */
    private final LastSegments lastSegments;

    public InMemoryTimetables(int resources, int properties) {
        this(resources, properties, DEFAULT_DECODED_BYTES);
    }

    /** With at most {@code decodedBytes} of timetables kept decoded for searches (0: none, decode each time). */
    public InMemoryTimetables(int resources, int properties, long decodedBytes) {
        this(resources, properties, decodedBytes, DecodedCache.SWEEP_BLOCKS);
    }

    /** As above; a sweep over at least {@code sweepBlocks} blocks decodes a whole timetable (tests set 0). */
    InMemoryTimetables(int resources, int properties, long decodedBytes, int sweepBlocks) {
        this.properties = properties;
        this.timetables = new Timetable[resources];
        this.nothingReserved = new long[properties];
        this.limits = new long[properties];
        this.hourLevels = new HourLevels(properties);
        this.lastSegments = new LastSegments(properties);
        this.rows = new DecodedRows(properties);
        this.decoded = decodedBytes > 0 ? new DecodedCache(decodedBytes, sweepBlocks) : null;
    }

    @Override
    public int propertyCount() {
        return properties;
    }

    @Override
    public void maxReserved(int resource, long from, long to, long[] out) {
        Timetable timetable = existing(resource);
        if (timetable == null) {
            java.util.Arrays.fill(out, 0, properties, 0L);
        } else {
            timetable.maxReserved(from, to, out);
        }
    }

    @Override
    public void forEachAvailabilityIncrease(int resource, long from, long to, LongConsumer sink) {
        Timetable timetable = existing(resource);
        if (timetable != null) {
            timetable.forEachAvailabilityIncrease(from, to, sink);
        }
    }

    @Override
    public void forEachSegment(int resource, long from, long to, SegmentVisitor visitor) {
        Timetable timetable = existing(resource);
        if (timetable == null) {
            visitor.visit(from, nothingReserved, 0);
        } else {
            timetable.forEachSegment(from, to, visitor);
        }
    }

    /**
     * Timetables with fewer breakpoints than this answer {@link #possibleStarts} with the whole stretch: sweeping
     * a block or two of segments costs less than asking the run index (the first search over a timetable also
     * summarises its hours).
     */
    static final int INDEXED_BREAKPOINTS = 128;

    @Override
    public void possibleStarts(int resource, long from, long to, long[] notAbove, long[] capacity, long duration,
            StretchVisitor visitor) {
        Timetable timetable = existing(resource);
        if (timetable != null && timetable.breakpoints() < INDEXED_BREAKPOINTS) {
            if (from <= to) {
                visitor.visit(from, to);
            }
        } else if (timetable == null) {
            boolean free = true;
            for (int i = 0; i < properties; i++) {
                free &= notAbove[i] >= 0;
            }
            if (free && from <= to) {
                visitor.visit(from, to);                       // nothing reserved: free at any time
            }
        } else {
            timetable.possibleStarts(from, to, notAbove, capacity, duration, visitor);
        }
    }

    /** Where every candidate may be free, read from the domain's {@link HourLevels} where they can serve. */
    @Override
    public void possibleStarts(int[] resources, int count, long from, long to, long[] notAbove, long[] capacity,
            long duration, CandidateStretchVisitor visitor) {
        possibleStarts(resources, count, from, to, notAbove, capacity, duration, NO_TIMES, visitor);
    }

    private static final long[] NO_TIMES = new long[0];

    /** As above, leaving out the hours that lie wholly in {@code skip} where the levels answer. */
    @Override
    public void possibleStarts(int[] resources, int count, long from, long to, long[] notAbove, long[] capacity,
            long duration, long[] skip, CandidateStretchVisitor visitor) {
        int c = duration > 0 && duration <= RunIndex.BUCKET ? RunIndex.durationClass(duration) : -1;
        long firstBucket = Math.floorDiv(from, RunIndex.BUCKET);
        long lastBucket = Math.floorDiv(to, RunIndex.BUCKET);
        if (from > to || c < 0 || !hourLevels.cover(c, firstBucket, lastBucket + 1, timetables.length)) {
            TimetableStore.super.possibleStarts(resources, count, from, to, notAbove, capacity, duration, visitor);
            return;
        }
        hourLevels.skip(from, to, skip);
        try {
            askLevels(resources, count, from, to, notAbove, capacity, duration, c, visitor);
        } finally {
            hourLevels.skipNone();
        }
    }

    private void askLevels(int[] resources, int count, long from, long to, long[] notAbove, long[] capacity,
            long duration, int c, CandidateStretchVisitor visitor) {
        for (int k = 0; k < count; k++) {
            Timetable timetable = existing(resources[k]);
            if (timetable == null || timetable.breakpoints() < INDEXED_BREAKPOINTS) {
                int candidate = k;
                StretchVisitor sink = (lo, hi) -> visitor.visit(candidate, lo, hi);
                if (timetable == null) {
                    System.arraycopy(notAbove, k * properties, limits, 0, properties);
                    possibleStarts(resources[k], from, to, limits, null, duration, sink);
                } else {
                    sink.visit(from, to);
                }
                continue;
            }
            hourLevels.possibleStarts(timetable, resources[k], k, from, to, duration, notAbove, capacity, c, visitor,
                    timetable.lastBreakpoint());
        }
    }

    private final long[] limits;

    @Override
    public void forEachSegment(int resource, long from, long to, long[] busyAbove, SegmentVisitor visitor) {
        Timetable timetable = existing(resource);
        if (timetable == null) {
            visitor.visit(from, nothingReserved, 0);
        } else {
            timetable.forEachSegment(from, to, busyAbove, visitor);
        }
    }

    @Override
    public boolean decodedSpan(int resource, long from, long to, DecodedSpan span) {
        Timetable timetable = existing(resource);
        return timetable != null && timetable.decodedSpan(from, to, span);
    }

    /**
     * Points {@code span} at the resource's last two segments (its latest reservation's and the free one after it)
     * when {@code from} lies in them, from arrays kept for the whole domain ({@link LastSegments}): the same rows
     * from {@code from} on as {@link #decodedSpan}, without following the timetable to its decoded copy.
     */
    @Override
    public boolean lastSegmentsSpan(int resource, long from, DecodedSpan span) {
        return lastSegments.span(existing(resource), resource, from, span);
    }

    @Override
    public void reserve(int resource, long from, long to, long[] amounts) {
        timetable(resource).reserve(from, to, amounts);
    }

    @Override
    public void release(int resource, long from, long to, long[] amounts) {
        timetable(resource).release(from, to, amounts);
    }

    /**
     * Books every reservation of {@code bulk}, each as {@link #reserve} would (clipped to what is not forgotten), with
     * one load per timetable instead of one edit per reservation: for rebuilding books from stored reservations.
     * Amounts summing past a long fail part-way (timetables before the failing one loaded), as one reserve per
     * reservation would.
     */
    public void reserveAll(BulkReservations bulk) {
        if (bulk.properties() != properties) {
            throw new IllegalArgumentException(bulk.properties() + " properties for timetables of " + properties);
        }
        int[] order = bulk.byResource();
        for (int first = 0; first < order.length; ) {
            int resource = bulk.resource(order[first]);
            int last = first;
            while (last < order.length && bulk.resource(order[last]) == resource) {
                last++;
            }
            bulk.loadInto(timetable(resource), order, first, last);
            first = last;
        }
    }

    /** The timetable of a resource, created empty when it has none yet. */
    public Timetable timetable(int resource) {
        if (resource >= timetables.length) {
            timetables = java.util.Arrays.copyOf(timetables, Math.max(resource + 1, timetables.length * 2));
        }
        Timetable timetable = timetables[resource];
        if (timetable == null) {
            timetable = new Timetable(rows, decoded);
            timetable.forgetBefore(forgotten);
            int index = resource;
            timetable.onEdit((from, to, freed) -> {
                hourLevels.edited(index, from, to);
                lastSegments.forget(index);
                releases += freed ? 1 : 0;
            });
            timetables[resource] = timetable;
        }
        return timetable;
    }

    /**
     * Forgets every timetable's past before {@code watermark} (see {@link Timetable#forgetBefore}): call it as
     * time advances (e.g. on each stream-time tick, with stream time less a grace for late requests) so that
     * the books hold what is still to come and not every reservation that ever ended. A watermark must not pass
     * the earliest start of any request still to be decided; the engine clips nothing of a request's window,
     * so a window before the watermark would see that past as free. Set before rebuilding books from stored
     * reservations, it also keeps ended ones out (their reserve is a no-op).
     */
    public void forgetBefore(long watermark) {
        if (watermark <= forgotten) {
            return;
        }
        forgotten = watermark;
        hourLevels.dropBefore(Math.floorDiv(watermark, RunIndex.BUCKET));
        for (Timetable timetable : timetables) {
            if (timetable != null) {
                timetable.forgetBefore(watermark);
            }
        }
    }

    @Override
    public long releases() {
        return releases;
    }

    /** The watermark of {@link #forgetBefore}, or Long.MIN_VALUE. */
    public long forgottenBefore() {
        return forgotten;
    }

    /** Breakpoints in all timetables (what the books hold; see {@link #forgetBefore}). */
    public long breakpoints() {
        long total = 0;
        for (Timetable timetable : timetables) {
            total += timetable == null ? 0 : timetable.breakpoints();
        }
        return total;
    }

    /** Frees array slack in every timetable, e.g. after bulk loading. */
    public void trim() {
        for (Timetable timetable : timetables) {
            if (timetable != null) {
                timetable.trim();
            }
        }
    }

    /** Bytes the decoded copies and run indexes hold, as the budget counts them (for tests). */
    long decodedBytes() {
        return decoded == null ? 0 : decoded.bytes();
    }

    /** How many decoded copies disagreed with their blocks after an edit (see {@link DecodedCopy}); 0 unless a bug. */
    int decodedDisagreements() {
        return decoded == null ? 0 : decoded.disagreements();
    }

    private Timetable existing(int resource) {
        return resource < timetables.length ? timetables[resource] : null;
    }
}
