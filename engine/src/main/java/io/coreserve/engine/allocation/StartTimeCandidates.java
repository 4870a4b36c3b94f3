package io.coreserve.engine.allocation;

import io.coreserve.engine.timetable.DecodedSpan;
import io.coreserve.engine.timetable.TimetableView;
import java.util.Arrays;

/**
 * Phase III (section 3.3): the start-time candidates T.
 *
 * <p>For each candidate R_j, a_ij(t) = p_ij - T_ij(t) inside [t_e, t_l + t_res] and 0 outside (line 2);
 * A_j(t) = 1 when every a_ij(t) >= e_i (line 3); A_j^s(t) = 1 when A_j is 1 throughout [t, t + t_res) (line 4).
 * T holds the times t in [t_e, t_l] at which some a_ij of some R_j increases while A_j^s(t) = 1 (line 6). Since
 * a_ij jumps from 0 at t_e, t_e belongs to T when some resource is free enough from t_e on.
 *
 * <p>One sweep per resource over its timetable segments in [t_e, t_l + t_res): each segment is marked "short"
 * (A_j = 0) or not, and a backward pass gives the start of the next short segment, so A_j^s at a segment start
 * s is "next short segment starts at or after s + t_res".
 */
final class StartTimeCandidates {

    /**
     * The segments of every candidate over [t_e, t_l + t_res), kept after {@link #find} so that Phase IV can read
     * A_j^s(t) and T_ij^t from them instead of searching the timetables again at every start time. Candidate k
     * owns the segments [first[k], first[k + 1]); segment m starts at starts[m] (the first one clipped to t_e),
     * holds the reserved amounts values[m * P .. m * P + P) and nextShort[m], the start of the first short
     * segment (A_j = 0) at or after m of the same candidate, Long.MAX_VALUE when none.
     */
    int[] first = new int[1];
    long[] starts = new long[64];
    long[] values = new long[64];
    long[] nextShort = new long[64];
    private boolean[] increases = new boolean[64];
    /** Whether a segment starts at a breakpoint (not at a clipped or made-up start). */
    private boolean[] breakpoint = new boolean[64];
    private int segments;
    private int base;
    private int properties;

    /** T in ascending order (EARLIEST) or the latest-start candidates in descending order (LATEST). */
    long[] find(TimetableView timetables, CandidateSet candidates, ResolvedRequest request, SearchOrder order) {
        return find(timetables, candidates, request, order, request.earliest(), request.latest());
    }

    /**
     * The part of {@link #find(TimetableView, CandidateSet, ResolvedRequest, SearchOrder)}'s answer that lies in
     * [from, to] (a stretch of the window [t_e, t_l]), sweeping only [from - 1, to + t_res): the same start times
     * in the same order, and afterwards the same A_j^s(t) and T_ij^t for Phase IV at every t in [from, to]. So a
     * search can take the window stretch by stretch in its order and stop at the first admissible set, instead of
     * sweeping every candidate over all of it (a closest-free search over days, most of which it never reaches).
     *
     * <p>Why it is the same: a segment start s >= from is an increase (line 6) exactly when some amount is lower
     * than in the segment before it, which the sweep from from - 1 still holds; only t_e itself counts as an
     * increase without one (a_ij jumps from 0 there), so the sweep starts at t_e when from = t_e. A_j^s(t) for
     * t <= to only looks at [t, t + t_res), inside the sweep. The latest-start candidates t = b - t_res in [from, to]
     * come from segment starts b in [from + t_res, to + t_res], inside the sweep too, and t_l only when to = t_l.
     */
    long[] find(TimetableView timetables, CandidateSet candidates, ResolvedRequest request, SearchOrder order,
            long from, long to) {
        if (from < request.earliest() || to > request.latest() || from > to) {
            throw new IllegalArgumentException("[" + from + ", " + to + "] is not a stretch of the window ["
                    + request.earliest() + ", " + request.latest() + "]");
        }
        LongBag times = this.times;
        times.clear();
        properties = candidates.properties;
        this.order = order;
        stretchFrom = from;
        stretchTo = to;
        // From t_e the sweep starts there (t_e is an increase); later, one millisecond before, so that a segment
        // starting at `from` is compared with the one before it.
        sweepFrom = from == request.earliest() ? from : from - 1;
        if (first.length < candidates.size() + 1) {
            first = new int[candidates.size() + 1];
        }
        if (values.length < starts.length * properties) {
            values = new long[starts.length * properties];
        }
        segments = 0;
        intervals = 0;
        version++;
        knowPossibleStarts(timetables, candidates, request);
        knowFreeStarts(timetables, candidates, request);
        for (int k = 0; k < candidates.size(); k++) {
            first[k] = segments;
            freeStartsOf(k);
            if (possibleCount == 0) {
                // Nowhere in the stretch can the candidate be free for t_res: no segments, so no start times and no
                // free intervals (what one made-up short segment over the whole sweep gave). Phase IV reads the
                // segments of free candidates only. On full books most candidates are impossible in a stretch, and
                // skipping them keeps a stretch's cost to the candidates that may be free in it.
                first[k + 1] = segments;
                continue;
            }
            sweep(timetables, candidates, k, request);
            first[k + 1] = segments;
            if (order == SearchOrder.EARLIEST) {
                addEarliestCandidates(request, times);
            } else {
                addLatestCandidates(request, times);
            }
        }
        long[] result = times.sortedDistinct();
        if (order == SearchOrder.LATEST) {
            reverse(result);
        }
        return result;
    }

    /**
     * The times of {@code request}'s whole window at which fewer than N of {@code candidates} are free for it
     * ([lo, hi] pairs, ascending): the count {@link #find} makes before its sweep, without the sweep, nothing
     * {@link #exclude excluded}. For {@link FewFreeClasses}, which counts so for a class of requests.
     */
    long[] fewFreeCount(TimetableView timetables, CandidateSet candidates, ResolvedRequest request) {
        exclude(TimeIntervals.NONE);
        properties = candidates.properties;
        order = SearchOrder.EARLIEST;
        stretchFrom = request.earliest();
        stretchTo = request.latest();
        sweepFrom = stretchFrom;
        knowPossibleStarts(timetables, candidates, request);
        knowFreeStarts(timetables, candidates, request);
        return fewFreeTimes();
    }

    /** The stretch of start times [stretchFrom, stretchTo] of the last {@link #find}, and where its sweep began. */
    private long stretchFrom;
    private long stretchTo;
    private long sweepFrom;

    /** The segment of candidate k containing t, for t in [t_e, t_l + t_res); {@code hint} is any of its segments. */
    int segmentOf(int k, long t, int hint) {
        int m = hint;
        if (m < first[k] || m >= first[k + 1] || starts[m] > t) {
            m = first[k];
            int index = Arrays.binarySearch(starts, m, first[k + 1], t);
            return index >= 0 ? index : Math.max(m, -index - 2);
        }
        int end = first[k + 1];
        while (m + 1 < end && starts[m + 1] <= t) {
            m++;
        }
        return m;
    }

    private long[] busyAbove = new long[0];

    /**
     * Where a sweep of the stretch ends: through t + t_res for every t of the stretch; before t_l, also the segment
     * starting at to + t_res, whose start gives the latest-start candidate t = to (at t_l, that candidate is t_l
     * itself, added on its own).
     */
    private long sweepEnd(ResolvedRequest request) {
        long end = CoAllocator.saturatingAdd(stretchTo, request.duration());
        return stretchTo < request.latest() ? CoAllocator.saturatingAdd(end, 1) : end;
    }

    private void sweep(TimetableView timetables, CandidateSet candidates, int k, ResolvedRequest request) {
        long end = sweepEnd(request);
        base = segments;
        limitsOf(candidates, k);
        sweepPossibleStarts(timetables, candidates, k, candidates.resources[k], request, end);
        // Line 4, backward: nextShort[m] = start of the first short segment at or after m.
        for (int m = segments - 2; m >= base; m--) {
            if (nextShort[m] == Long.MAX_VALUE) {
                nextShort[m] = nextShort[m + 1];
            }
        }
        addFreeIntervals(k, request);
    }

    /** {@link #busyAbove} for candidate k, from the search's {@link #limits} (kept by {@link #knowPossibleStarts}). */
    private void limitsOf(CandidateSet candidates, int k) {
        int p = candidates.properties;
        if (busyAbove.length < p) {
            busyAbove = new long[p];
        }
        System.arraycopy(limits, k * p, busyAbove, 0, p);
    }

    private long[] possible = new long[16];
    /** Every candidate's thresholds p_ij - e_i, candidate by candidate (for the timetables' batch question). */
    private long[] limits = new long[0];
    private int possibleCount;

    /**
     * Phase III's sweep of candidate k where it can possibly be free enough for t_res (the timetable says where:
     * {@link TimetableView#possibleStarts}; on full books a few percent of a search's window, and a timetable with
     * few breakpoints answers "everywhere" at once): for each stretch [lo, hi] of
     * possible start times, the real segments over [lo - 1, hi + t_res] (so that A_j^s(t) for t in [lo - 1, hi + 1]
     * and the increase at every segment start from lo on are computed exactly as in a whole sweep), and in between
     * one made-up short segment each (A_j = 0), which is true of every start time there: none of them can be free
     * for t_res. Made-up segment starts and the clipped first segment of each piece are not breakpoints, so they
     * give no latest-start candidates, and their increases are never start times (none of them lies in a stretch).
     * The stretches are {@link #possible}, which {@link #find} fills ({@link #freeStartsOf}) before the sweep: the
     * candidate's own free start times where N or more candidates are free ({@link #knowFreeStarts}), so every piece
     * of decoded segments holds a run free for t_res.
     */
    private void sweepPossibleStarts(TimetableView timetables, CandidateSet candidates, int k, int resource,
            ResolvedRequest request, long end) {
        long covered = sweepFrom;                        // the sweep so far reaches up to here, exclusive
        for (int q = 0; q < possibleCount; ) {
            q = nextPiece(q, request, end);
            long pieceFrom = this.pieceFrom;
            long pieceEnd = this.pieceEnd;
            boolean decoded = decodePiece(timetables, resource);
            if (pieceFrom > covered) {
                addImpossible(candidates, k, covered);
            }
            sweepPiece(timetables, candidates, k, resource, request.perResource(), pieceFrom, pieceEnd,
                    pieceFrom == request.earliest(), decoded);
            covered = pieceEnd;
        }
        if (covered < end) {
            addImpossible(candidates, k, covered);
        }
    }

    /** The piece {@link #nextPiece} found: real segments over [pieceFrom, pieceEnd). */
    private long pieceFrom;
    private long pieceEnd;

    /**
     * The piece of {@link #possible} stretches from q on, into {@link #pieceFrom} and {@link #pieceEnd}: from one
     * millisecond before the first (the sweep's start at the stretch's) through t_res after the last, stretches whose
     * pieces overlap or touch swept as one; answers the first stretch after it. Both passes over a candidate make
     * their pieces so ({@link #knowFreeStarts} and {@link #sweepPossibleStarts}).
     */
    private int nextPiece(int q, ResolvedRequest request, long end) {
        long lo = possible[q * 2];
        pieceFrom = lo == stretchFrom ? sweepFrom : lo - 1;
        pieceEnd = pieceEnd(possible[q * 2 + 1], request, end);
        for (q++; q < possibleCount && possible[q * 2] - 1 <= pieceEnd; q++) {
            pieceEnd = pieceEnd(possible[q * 2 + 1], request, end);
        }
        return q;
    }

    /**
     * Points {@link #span} at the resource's decoded rows over the current piece; false when they are not decoded.
     * Most pieces of a search after a window on full books begin in the candidate's last reservation, where the view
     * keeps the last two segments of every resource side by side (see TimetableView#lastSegmentsSpan).
     */
    private boolean decodePiece(TimetableView timetables, int resource) {
        return timetables.lastSegmentsSpan(resource, pieceFrom, span)
                || timetables.decodedSpan(resource, pieceFrom, pieceEnd, span);
    }

    private final FreeStartTimes free = new FreeStartTimes();

    /**
     * Before anything is recorded, every candidate's free start times in the stretch, read off the decoded segments
     * of its possible stretches (pieces as {@link #sweepPossibleStarts} makes them), cut to the times at which N or
     * more candidates are free at once ({@link FreeStartTimes}). A candidate's segments matter to Phase IV only at
     * start times at which it is free (R_a, line 4) and N or more are (line 5), and its start-time candidates (line
     * 6, and the latest-start ones b - t_res) are such times too; so sweeping it around those times alone, from one
     * millisecond before each through t + t_res, gives the same T and the same R_a and T_ij^t at every start time
     * Phase IV judges (the argument of {@link #find(TimetableView, CandidateSet, ResolvedRequest, SearchOrder, long,
     * long)} for a stretch, applied to each of these times).
     */
    private void knowFreeStarts(TimetableView timetables, CandidateSet candidates, ResolvedRequest request) {
        int size = candidates.size();
        int p = candidates.properties;
        long duration = request.duration();
        long end = sweepEnd(request);
        free.reset(size);
        for (int k = 0; k < size; k++) {
            free.candidate(k);
            possibleStartsOf(k);
            if (possibleCount == 0) {
                continue;
            }
            limitsOf(candidates, k);
            int resource = candidates.resources[k];
            for (int q = 0; q < possibleCount; ) {
                int qFrom = q;
                q = nextPiece(q, request, end);
                if (decodePiece(timetables, resource)) {
                    free.addFreeRuns(span, p, busyAbove, pieceFrom, pieceEnd, duration, possible, qFrom, q);
                } else {
                    for (int e = qFrom; e < q; e++) {   // not decoded: the possible stretches, a superset
                        free.add(possible[e * 2], possible[e * 2 + 1]);
                    }
                }
            }
        }
        free.keepDense(size, request.count());
    }

    /**
     * The times of the last {@link #find}'s stretch at which fewer than N candidates are free ([lo, hi] pairs,
     * ascending), as counted before its sweep; none of the {@link #exclude excluded} times (what proved them is not
     * known here), and none at all when the count was not made.
     */
    long[] fewFreeTimes() {
        long[] dense = free.dense();
        if (dense == null) {
            return TimeIntervals.NONE;
        }
        long[] few = TimeIntervals.subtract(new long[] {stretchFrom, stretchTo}, dense);
        return few.length == 0 || excluded.length == 0 ? few : TimeIntervals.subtract(few, excluded);
    }

    /** Fills {@link #possible} with candidate k's free start times of the stretch kept by {@link #knowFreeStarts}. */
    private void freeStartsOf(int k) {
        possibleCount = 0;
        for (int q = free.first(k), end = free.end(k); q < end; q++) {
            if (possibleCount * 2 == possible.length) {
                possible = Arrays.copyOf(possible, possible.length * 2);
            }
            possible[possibleCount * 2] = free.lo(q);
            possible[possibleCount * 2 + 1] = free.hi(q);
            possibleCount++;
        }
    }

    /**
     * Fills {@link #possible} with candidate k's possible start stretches (kept by {@link #knowPossibleStarts})
     * clipped to the current stretch.
     */
    private void possibleStartsOf(int k) {
        possibleCount = 0;
        // The candidate's stretches ascend and are disjoint: from the first that ends in the stretch to the last that
        // begins in it (a search takes its window in several stretches; scanning all of them each time was 4 %).
        int end = knownEnd[k];
        for (int q = firstEndingAtOrAfter(knownFirst[k], end, stretchFrom); q < end && known[q * 2] <= stretchTo; q++) {
            long lo = Math.max(known[q * 2], stretchFrom);
            long hi = Math.min(known[q * 2 + 1], stretchTo);
            if (possibleCount * 2 == possible.length) {
                possible = Arrays.copyOf(possible, possible.length * 2);
            }
            possible[possibleCount * 2] = lo;
            possible[possibleCount * 2 + 1] = hi;
            possibleCount++;
        }
    }

    /** The first q in [from, to) with known[2q + 1] >= t (the stretches' ends ascend), or {@code to}. */
    private int firstEndingAtOrAfter(int from, int to, long t) {
        int lo = from;
        int hi = to - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (known[mid * 2 + 1] < t) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /**
     * Asks every candidate's timetable once per search (one request, CandidateSet and order: a search refills its
     * CandidateSet for each pass, which counts as a new one, and the books cannot change while it runs; callers of
     * {@link #find} that change the books between stretches must pass a new or refilled CandidateSet) where it can
     * possibly be free enough for t_res over the whole window, and keeps the answers for the search's later
     * stretches: a clipped superset is still a superset, and asking is cheap once but not at every stretch of every
     * candidate.
     *
     * <p>Then the domain-wide bound: only the times at which at least N candidates may be free are kept
     * ({@link #keepDense}). Phase IV skips every start time with |R_a| < N (line 5), and a candidate free at t is
     * possible at t, so at a time fewer than N candidates may be free no start time can give an R_s: sweeping
     * the candidates there cannot change a decision. On full books each candidate may be free in a few percent
     * of the hours, but at N of them at once in far fewer.
     */
    private void knowPossibleStarts(TimetableView timetables, CandidateSet candidates, ResolvedRequest request) {
        if (knownFor == candidates && knownFill == candidates.fill && knownRequest == request && knownOrder == order) {
            return;
        }
        knownFor = candidates;
        knownFill = candidates.fill;
        knownRequest = request;
        knownOrder = order;
        int size = candidates.size();
        if (knownFirst.length < size + 1) {
            knownFirst = new int[size + 1];
            knownEnd = new int[size + 1];
        }
        int p = candidates.properties;
        if (limits.length < size * p) {
            limits = new long[size * p];
        }
        long[] e = request.perResource();
        for (int k = 0; k < size; k++) {
            for (int i = 0; i < p; i++) {
                limits[k * p + i] = candidates.capacity[k * p + i] - e[i];   // short when T_ij > p_ij - e_i
            }
        }
        Arrays.fill(knownFirst, 0, size, -1);
        knownCount = 0;
        // Stretches come candidate by candidate, each ascending; a candidate with none keeps an empty range.
        // The excluded times are cut from the dense ones below whatever the answer; asking without them is cheaper.
        timetables.possibleStarts(candidates.resources, size, request.earliest(), request.latest(), limits,
                candidates.capacity, request.duration(), excluded, (k, lo, hi) -> {
                    if (knownCount * 2 == known.length) {
                        known = Arrays.copyOf(known, known.length * 2);
                    }
                    if (knownFirst[k] < 0) {
                        knownFirst[k] = knownCount;
                    }
                    known[knownCount * 2] = lo;
                    known[knownCount * 2 + 1] = hi;
                    knownCount++;
                    knownEnd[k] = knownCount;
                });
        for (int k = 0; k < size; k++) {
            if (knownFirst[k] < 0) {
                knownFirst[k] = 0;
                knownEnd[k] = 0;
            }
        }
        keepDense(size, request.count(), request.earliest(), request.latest());
    }

    /**
     * Cuts every candidate's possible stretches down to the times at which at least {@code n} candidates' stretches
     * overlap, rewriting {@link #known} in place: the cut stretches of a candidate are never more than its own plus
     * the dense intervals it meets. The overlaps are counted hour by hour when every stretch is whole hours of the
     * window [from, to] (what the books' hour levels answer; no sort), else by sorting the stretches' begin and end
     * events.
     */
    private void keepDense(int size, int n, long from, long to) {
        long[] dense = denseByHours(known, knownCount, n, from, to);
        if (dense == null) {
            dense = denseByEvents(known, knownCount, n, sorter);
        }
        if (dense == null && excluded.length > 0) {
            dense = new long[] {from, to};          // every stretch lies in the window
        }
        live = null;
        if (dense != null) {                        // null: times beyond the events' packing, every stretch kept
            live = excluded.length == 0 ? dense : TimeIntervals.subtract(dense, excluded);
            keepOnlyDense(size, live);
        }
    }

    /** The times {@link #keepDense} kept, or null for all of them. */
    private long[] live;

    /**
     * The times of {@code request}'s window at which {@link #find} may find a start time for {@code candidates} in
     * {@code order} ([lo, hi] pairs, ascending, disjoint; null: anywhere): where at least N of them may be free and
     * nothing is {@link #exclude excluded}. Outside them a stretch sweeps nothing, so a search can measure its
     * stretches in these times ({@link WindowStretches}). Asks the timetables as {@link #find} does, once for both.
     */
    long[] liveTimes(TimetableView timetables, CandidateSet candidates, ResolvedRequest request, SearchOrder order) {
        this.order = order;
        knowPossibleStarts(timetables, candidates, request);
        return live;
    }

    /** Times of the window no start time need be swept at (see {@link #exclude}); inclusive pairs, ascending. */
    private long[] excluded = TimeIntervals.NONE;

    /**
     * Leaves the times of {@code intervals} ([lo, hi] pairs, ascending and disjoint) out of the next searches' sweeps,
     * as if fewer than N candidates could be free there: for times at which no set can be admissible (what
     * {@code ClosestFreeMemory} remembers), so that no start time there is ever tried. Empty: none.
     */
    void exclude(long[] intervals) {
        excluded = intervals;
        knownFor = null;                            // the kept answers were cut without them
    }

    /**
     * The intervals, ascending, at which at least {@code n} of the stretches {@code [known[2q], known[2q + 1]]},
     * q < count, overlap, by a sweep over their sorted begin and end events; null for times beyond the events'
     * packing.
     */
    static long[] denseByEvents(long[] known, int count, int n, LongSort sorter) {
        for (int q = 0; q < count * 2; q++) {
            if (known[q] >= 1L << 61 || known[q] <= -(1L << 61)) {
                return null;
            }
        }
        // An event is a time and a sign in its lowest bit: ends (hi + 1, -1) sort before begins at the same time.
        int eventCount = count * 2;
        long[] events = sorter.values(eventCount);
        for (int q = 0; q < count; q++) {
            events[q * 2] = known[q * 2] << 1 | 1;
            events[q * 2 + 1] = (known[q * 2 + 1] + 1) << 1;
        }
        sorter.sort(events, eventCount);
        long[] dense = new long[16];
        int denseCount = 0;
        int overlapping = 0;
        for (int e = 0; e < eventCount; e++) {
            long event = events[e];
            long time = event >> 1;
            boolean begins = (event & 1) != 0;
            if (begins && ++overlapping == n) {
                if (denseCount * 2 == dense.length) {
                    dense = Arrays.copyOf(dense, dense.length * 2);
                }
                dense[denseCount * 2] = time;
            } else if (!begins && overlapping-- == n) {
                dense[denseCount * 2 + 1] = time - 1;
                denseCount++;
            }
        }
        return Arrays.copyOf(dense, denseCount * 2);
    }

    /**
     * As {@link #denseByEvents}, counting per hour of the window [from, to] (a difference array, no sort) when every
     * stretch lies in the window, begins at {@code from} or at an hour and ends at {@code to} or at an hour's last
     * millisecond: then each stretch covers whole hours of the window, so the overlap is the same throughout an
     * hour. Null when a stretch is not so, or the window has too many hours. Touching dense hours make one interval
     * (the events make two where one stretch ends as another begins; the sweep joins touching pieces, so the same
     * times are swept). On full books a search's candidates have about 850 stretches: sorting their events was 3 %
     * of a decision.
     */
    static long[] denseByHours(long[] known, int count, int n, long from, long to) {
        if (from <= Long.MIN_VALUE / 2 || to >= Long.MAX_VALUE / 2 || from > to) {
            return null;                            // hours at the ends of time would overflow
        }
        long firstHour = Math.floorDiv(from, HOUR);
        long span = Math.floorDiv(to, HOUR) - firstHour + 1;
        if (span > MAX_DENSE_HOURS) {
            return null;
        }
        int hours = (int) span;
        int[] delta = new int[hours + 1];
        for (int q = 0; q < count; q++) {
            long lo = known[q * 2];
            long hi = known[q * 2 + 1];
            if (lo < from || hi > to || lo > hi || lo != from && Math.floorMod(lo, HOUR) != 0
                    || hi != to && Math.floorMod(hi + 1, HOUR) != 0) {
                return null;
            }
            delta[(int) (Math.floorDiv(lo, HOUR) - firstHour)]++;
            delta[(int) (Math.floorDiv(hi, HOUR) - firstHour) + 1]--;
        }
        long[] dense = new long[16];
        int denseCount = 0;
        int overlapping = 0;
        boolean open = false;
        for (int h = 0; h <= hours; h++) {
            overlapping += h < hours ? delta[h] : 0;
            boolean isDense = h < hours && overlapping >= n;
            if (isDense && !open) {
                if (denseCount * 2 == dense.length) {
                    dense = Arrays.copyOf(dense, dense.length * 2);
                }
                dense[denseCount * 2] = Math.max(from, (firstHour + h) * HOUR);
                open = true;
            } else if (!isDense && open) {
                dense[denseCount * 2 + 1] = Math.min(to, (firstHour + h) * HOUR - 1);
                denseCount++;
                open = false;
            }
        }
        return Arrays.copyOf(dense, denseCount * 2);
    }

    /** Windows of more hours than this (about 7 years) are counted by events. */
    private static final int MAX_DENSE_HOURS = 1 << 16;
    private static final long HOUR = 3_600_000L;

    private final DenseCut cut = new DenseCut();

    /** Intersects each candidate's stretches with the dense intervals (ascending, disjoint), in place. */
    private void keepOnlyDense(int size, long[] dense) {
        known = cut.keepOnly(known, knownCount, knownFirst, knownEnd, size, dense);
        knownCount = DenseCut.kept(knownEnd, size);
    }

    private CandidateSet knownFor;
    /** The {@link CandidateSet#fill} of {@link #knownFor} when it was asked. */
    private long knownFill;
    private ResolvedRequest knownRequest;
    private SearchOrder knownOrder;
    private int[] knownFirst = new int[0];
    private int[] knownEnd = new int[0];
    private long[] known = new long[64];
    private int knownCount;
    private SearchOrder order;

    /** Where the real segments around possible starts up to {@code hi} end: through hi + t_res, within the sweep. */
    private static long pieceEnd(long hi, ResolvedRequest request, long end) {
        return Math.min(end, CoAllocator.saturatingAdd(CoAllocator.saturatingAdd(hi, request.duration()), 1));
    }

    /** A made-up short segment from {@code start}: where no start time can be free for t_res. */
    private void addImpossible(CandidateSet candidates, int k, long start) {
        grow();
        int p = candidates.properties;
        System.arraycopy(candidates.capacity, k * p, values, segments * p, p);
        starts[segments] = start;
        increases[segments] = false;
        breakpoint[segments] = false;
        nextShort[segments] = start;
        segments++;
    }


    /**
     * The real segments of candidate k over [from, to) (from the decoded {@link #span} when {@code decoded}); the
     * first is an increase when it starts the window.
     */
    private void sweepPiece(TimetableView timetables, CandidateSet candidates, int k, int resource, long[] e,
            long from, long to, boolean windowStart, boolean decoded) {
        int pieceFirst = segments;
        if (decoded) {
            // The decoded rows in a loop of its own (see DecodedSpan): the same segments as visiting them.
            long[] times = span.times();
            long[] levels = span.levels();
            int p = candidates.properties;
            addSegment(candidates, k, e, from, levels, span.first() * p, true, windowStart);
            for (int r = span.first() + 1, last = span.last(); r <= last && times[r] < to; r++) {
                addSegment(candidates, k, e, times[r], levels, r * p, false, false);
            }
            return;
        }
        timetables.forEachSegment(resource, from, to, busyAbove, (start, reserved, offset) -> {
            boolean first = segments == pieceFirst;
            addSegment(candidates, k, e, start, reserved, offset, first, first && windowStart);
        });
    }

    private final DecodedSpan span = new DecodedSpan();

    /** One segment of candidate k: short or not (line 3), an increase or not (line 6), and its amounts. */
    private void addSegment(CandidateSet candidates, int k, long[] e, long start, long[] reserved, int offset,
            boolean first, boolean increase) {
        grow();
        int p = properties;
        boolean isShort = false;
        int at = segments * p;
        for (int i = 0; i < p; i++) {
            long value = reserved[offset + i];
            // Line 3: A_j(t) = 1 iff e_i <= a_ij(t) = p_ij - T_ij(t) for all i.
            isShort |= candidates.capacity[k * p + i] - value < e[i];
            if (!first) {
                increase |= value < values[at - p + i];
            }
            values[at + i] = value;
        }
        starts[segments] = start;
        increases[segments] = increase;
        breakpoint[segments] = !first;
        nextShort[segments] = isShort ? start : Long.MAX_VALUE;
        segments++;
    }

    /**
     * The start times t in [t_e, t_l] with A_j^s(t) = 1 for candidate k, as intervals [lo, hi]: in a run of
     * segments that are not short and ends where the next short one starts (S), exactly the t from the run's
     * start to S - t_res. Kept for Phase IV to count the free candidates without visiting every one.
     */
    private void addFreeIntervals(int k, ResolvedRequest request) {
        long latest = stretchTo;
        for (int m = base; m < segments && starts[m] <= latest; m++) {
            boolean runStart = nextShort[m] != starts[m] && (m == base || nextShort[m - 1] == starts[m - 1]);
            if (runStart) {
                long hi = Math.min(nextShort[m] - request.duration(), latest);
                if (starts[m] <= hi) {
                    if (intervals == intervalLo.length) {
                        int capacity = intervals * 2;
                        intervalLo = Arrays.copyOf(intervalLo, capacity);
                        intervalHi = Arrays.copyOf(intervalHi, capacity);
                        intervalCandidate = Arrays.copyOf(intervalCandidate, capacity);
                    }
                    intervalLo[intervals] = starts[m];
                    intervalHi[intervals] = hi;
                    intervalCandidate[intervals++] = k;
                }
            }
        }
    }

    /** Free intervals of all candidates (see {@link #addFreeIntervals}), in candidate order. */
    long[] intervalLo = new long[64];
    long[] intervalHi = new long[64];
    int[] intervalCandidate = new int[64];
    int intervals;
    /** Changes with every {@link #find}, so that users of the kept data see when it was replaced. */
    int version;

    /** Line 6: segment starts in [t_e, t_l] where availability increases and A_j^s = 1. */
    private void addEarliestCandidates(ResolvedRequest request, LongBag times) {
        for (int m = base; m < segments && starts[m] <= stretchTo; m++) {
            if (starts[m] >= stretchFrom && increases[m] && freeThroughout(m, starts[m], request.duration())) {
                times.add(starts[m]);
            }
        }
    }

    /**
     * For the latest start before a window (closest free interval): a feasible start can move later until its
     * end meets a drop in availability, so the candidates are t_l and the times t = b - t_res in [t_e, t_l]
     * where b starts a segment (a superset of the drops), filtered by A_j^s(t) = 1.
     */
    private void addLatestCandidates(ResolvedRequest request, LongBag times) {
        long duration = request.duration();
        if (stretchTo == request.latest()) {
            addIfFree(request.latest(), duration, times);
        }
        // t = starts[m] - duration ascends with m, so the segment holding t only moves forward: a walk, not a
        // binary search per segment (a closest-free search over days of full books visits thousands of them).
        int at = base;
        for (int m = base + 1; m < segments; m++) {
            if (!breakpoint[m]) {
                continue;
            }
            long t = starts[m] - duration;
            if (t < stretchFrom || t > stretchTo) {
                continue;
            }
            while (at + 1 < segments && starts[at + 1] <= t) {
                at++;
            }
            if (starts[at] <= t && freeThroughout(at, t, duration)) {
                times.add(t);
            }
        }
    }

    private void addIfFree(long t, long duration, LongBag times) {
        int m = segmentInSweep(t);
        if (m >= 0 && freeThroughout(m, t, duration)) {
            times.add(t);
        }
    }

    private boolean freeThroughout(int segment, long t, long duration) {
        return nextShort[segment] - t >= duration;
    }

    /** The segment of the current sweep containing t, or -1 when t precedes it. */
    private int segmentInSweep(long t) {
        int index = Arrays.binarySearch(starts, base, segments, t);
        return index >= 0 ? index : (-index - 2 >= base ? -index - 2 : -1);
    }

    private void grow() {
        if (segments == starts.length) {
            int capacity = segments * 2;
            starts = Arrays.copyOf(starts, capacity);
            increases = Arrays.copyOf(increases, capacity);
            breakpoint = Arrays.copyOf(breakpoint, capacity);
            nextShort = Arrays.copyOf(nextShort, capacity);
            values = Arrays.copyOf(values, capacity * properties);
        }
    }

    private static void reverse(long[] values) {
        for (int a = 0, b = values.length - 1; a < b; a++, b--) {
            long swap = values[a];
            values[a] = values[b];
            values[b] = swap;
        }
    }

    /** The start times of the current {@link #find}, kept between calls with their array. */
    private final LongBag times = new LongBag();

    private final LongSort sorter = new LongSort();

    /** A growable bag of longs. */
    private final class LongBag {
        private long[] items = new long[64];
        private int size;

        void clear() {
            size = 0;
        }

        void add(long value) {
            if (size == items.length) {
                items = Arrays.copyOf(items, size * 2);
            }
            items[size++] = value;
        }

        long[] sortedDistinct() {
            sorter.sort(items, size);
            int distinct = 0;
            for (int k = 0; k < size; k++) {
                if (distinct == 0 || items[k] != items[distinct - 1]) {
                    items[distinct++] = items[k];
                }
            }
            return Arrays.copyOf(items, distinct);
        }
    }
}
