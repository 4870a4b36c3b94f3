package io.coreserve.engine.allocation;

import java.util.Arrays;

/**
 * Cuts every candidate's intervals down to the times at which N or more candidates may be free, in place: Phase
 * III's cut of the hour levels' possible stretches ({@link StartTimeCandidates}) and of the free start times read off
 * the segments ({@link FreeStartTimes}). Holds the copy it reads from between calls (a fresh one was most of what a
 * search allocated).
 */
final class DenseCut {

    private long[] copy = new long[0];

    /**
     * Intersects each candidate k < size's intervals {@code pairs[2q], pairs[2q + 1]}, q in [first[k], end[k])
     * (ascending, disjoint; the candidates' ranges in order, {@code count} pairs in all), with {@code dense} (the
     * same), rewriting {@code first} and {@code end}; answers the pairs' array, grown when needed. The write position
     * never passes the read position plus the dense intervals met so far, so it reads from a copy.
     */
    long[] keepOnly(long[] pairs, int count, int[] first, int[] end, int size, long[] dense) {
        int denseCount = dense.length / 2;
        if (copy.length < count * 2) {
            copy = new long[Math.max(count * 2, copy.length * 2)];
        }
        System.arraycopy(pairs, 0, copy, 0, count * 2);
        long[] out = pairs;
        int written = 0;
        for (int k = 0; k < size; k++) {
            int from = first[k];
            int to = end[k];
            first[k] = written;
            int d = 0;
            for (int q = from; q < to; q++) {
                long lo = copy[q * 2];
                long hi = copy[q * 2 + 1];
                while (d < denseCount && dense[d * 2 + 1] < lo) {
                    d++;
                }
                for (int e = d; e < denseCount && dense[e * 2] <= hi; e++) {
                    if (written * 2 == out.length) {
                        out = Arrays.copyOf(out, out.length * 2);
                    }
                    out[written * 2] = Math.max(lo, dense[e * 2]);
                    out[written * 2 + 1] = Math.min(hi, dense[e * 2 + 1]);
                    written++;
                }
            }
            end[k] = written;
        }
        return out;
    }

    /** The pairs kept by the last {@link #keepOnly} of {@code size} candidates. */
    static int kept(int[] end, int size) {
        return size == 0 ? 0 : end[size - 1];
    }
}
