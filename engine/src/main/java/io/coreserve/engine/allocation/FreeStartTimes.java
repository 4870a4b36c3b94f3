package io.coreserve.engine.allocation;

import io.coreserve.engine.timetable.DecodedSpan;
import java.util.Arrays;

/**
 * Per candidate, the start times of a stretch at which it is free for t_res (A_j^s(t) = 1, section 3.3 line 4), read
 * off its decoded segments before Phase III records any of them, and then only those at which N or more candidates
 * are so at once (line 5: Phase IV skips a start time with |R_a| < N). Phase III then sweeps each candidate only
 * around its own free times there ({@link StartTimeCandidates}).
 *
 * <p>Why: the hour levels (what the books' run indexes answer) cannot tell which candidates are free at the same
 * time within an hour. On saturated books the counter-offers for short durations (2 to 3 minutes) have thousands of
 * start times in hours where hundreds of candidates each have a short gap: 6 % of the decisions took 58 % of the
 * engine's time, and at 99.2 % of the start times their searches tried fewer than N candidates were free. Phase III
 * still reads those segments (their levels now, to count), but records and offers only the few start times left, and
 * Phase IV tries a handful instead of thousands (engine benchmark on saturated books: 2,064 start times tried on
 * average in the searches of decisions of 10 to 20 ms, 4 after; Phase IV 0.45 ms a search, 0.05 after).
 *
 * <p>A candidate's times are exact where its segments were decoded and the candidate's possible stretches (a
 * superset) where not, so the count is never below the true one and no start time with N or more free is lost.
 */
final class FreeStartTimes {

    /** Candidate k's times are [lo, hi] pairs times[2q], times[2q + 1] for q in [first[k], end[k]), ascending. */
    private long[] times = new long[64];
    private int[] first = new int[0];
    private int[] end = new int[0];
    private int count;
    private int candidate;
    /** The times of the stretch at which N or more candidates may be free, from {@link #keepDense}; null: all. */
    private long[] dense;
    private final DenseCut cut = new DenseCut();
    private final LongSort sorter = new LongSort();

    /** Starts a stretch of {@code size} candidates; candidates are then given in order with {@link #candidate}. */
    void reset(int size) {
        if (first.length < size) {
            first = new int[size];
            end = new int[size];
        }
        count = 0;
        candidate = -1;
        dense = null;
    }

    /** The times added next are candidate k's (k ascending, each once). */
    void candidate(int k) {
        candidate = k;
        first[k] = count;
        end[k] = count;
    }

    /** Candidate k may be free at every start time in [lo, hi] (ascending after the candidate's previous ones). */
    void add(long lo, long hi) {
        if (lo > hi) {
            return;
        }
        if (count > first[candidate] && times[count * 2 - 1] >= lo - 1) {
            times[count * 2 - 1] = Math.max(times[count * 2 - 1], hi);   // touches the previous one: one interval
            return;
        }
        if (count * 2 == times.length) {
            times = Arrays.copyOf(times, times.length * 2);
        }
        times[count * 2] = lo;
        times[count * 2 + 1] = hi;
        count++;
        end[candidate] = count;
    }

    /**
     * Adds the start times of the decoded piece [from, to) at which its candidate is free for {@code duration}, within
     * the candidate's possible stretches {@code possible[2q], possible[2q + 1]} for q in [qFrom, qTo) (ascending,
     * disjoint, in the search's stretch; those the piece was made of): in each run of segments none of whose amounts
     * is above {@code busyAbove} (line 3), the times from the run's start to its end minus t_res. A run ends at the
     * next short segment or at the piece's end, where Phase III puts a made-up short segment or ends its sweep
     * ({@link StartTimeCandidates}'s pieces). The possible stretches cut the runs because a piece begins one
     * millisecond before its first one and spans the times between them, which lie outside the search's live times.
     */
    void addFreeRuns(DecodedSpan span, int p, long[] busyAbove, long from, long to, long duration, long[] possible,
            int qFrom, int qTo) {
        long[] rowTimes = span.times();
        long[] levels = span.levels();
        long runStart = NO_RUN;
        long segmentStart = from;
        int q = qFrom;
        for (int r = span.first(), last = span.last(); ; ) {
            boolean isShort = false;
            for (int i = 0; i < p; i++) {
                isShort |= levels[r * p + i] > busyAbove[i];
            }
            if (!isShort) {
                runStart = runStart == NO_RUN ? segmentStart : runStart;
            } else if (runStart != NO_RUN) {
                q = addWithin(runStart, segmentStart - duration, possible, q, qTo);
                runStart = NO_RUN;
            }
            if (++r > last || rowTimes[r] >= to) {
                break;
            }
            segmentStart = rowTimes[r];
        }
        if (runStart != NO_RUN) {
            addWithin(runStart, to - duration, possible, q, qTo);
        }
    }

    /** Adds [lo, hi] cut to the stretches from q on (see {@link #addFreeRuns}); the first one [lo, hi] may meet later. */
    private int addWithin(long lo, long hi, long[] possible, int q, int qTo) {
        while (q < qTo && possible[q * 2 + 1] < lo) {
            q++;
        }
        for (int e = q; e < qTo && possible[e * 2] <= hi; e++) {
            add(Math.max(lo, possible[e * 2]), Math.min(hi, possible[e * 2 + 1]));
        }
        return q;
    }

    private static final long NO_RUN = Long.MIN_VALUE;

    /**
     * Keeps of every candidate's times those at which at least {@code n} candidates' times overlap (the events'
     * sweep of {@link StartTimeCandidates#denseByEvents}); times beyond its packing keep every candidate's own.
     */
    void keepDense(int size, int n) {
        dense = StartTimeCandidates.denseByEvents(times, count, n, sorter);
        if (dense == null) {
            return;
        }
        times = cut.keepOnly(times, count, first, end, size, dense);
        count = DenseCut.kept(end, size);
    }

    /**
     * The times of the stretch at which N or more candidates may be free, ascending and disjoint (after
     * {@link #keepDense}); null when not counted (every time may be).
     */
    long[] dense() {
        return dense;
    }

    /** The first of candidate k's pairs (see {@link #lo} and {@link #hi}) and one past its last. */
    int first(int k) {
        return first[k];
    }

    int end(int k) {
        return end[k];
    }

    long lo(int q) {
        return times[q * 2];
    }

    long hi(int q) {
        return times[q * 2 + 1];
    }
}
