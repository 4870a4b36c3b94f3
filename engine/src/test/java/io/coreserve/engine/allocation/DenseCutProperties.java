package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link DenseCut#keepOnly} against a plain intersection of each candidate's intervals with the dense ones: from a
 * few dense intervals to hundreds (what a search's live times number on full books), candidates with none, one or
 * many intervals, before, inside and after them all.
 */
class DenseCutProperties {

    @Property(tries = 300)
    void shouldKeepEachCandidatesIntervalsWhereTheyMeetTheDenseOnes(@ForAll long seed,
            @ForAll @IntRange(min = 0, max = 40) int size, @ForAll @IntRange(min = 0, max = 300) int denseCount) {
        Random random = new Random(seed);
        long[] dense = ascending(random, denseCount, 100_000);
        int[] first = new int[size];
        int[] end = new int[size];
        List<long[]> candidates = new ArrayList<>();
        long[] pairs = new long[16];
        int count = 0;
        for (int k = 0; k < size; k++) {
            long[] own = ascending(random, random.nextInt(6), 100_000);
            candidates.add(own);
            first[k] = count;
            for (int q = 0; q < own.length; q += 2) {
                if (count * 2 == pairs.length) {
                    pairs = Arrays.copyOf(pairs, pairs.length * 2);
                }
                pairs[count * 2] = own[q];
                pairs[count * 2 + 1] = own[q + 1];
                count++;
            }
            end[k] = count;
        }
        long[] out = new DenseCut().keepOnly(pairs, count, first, end, size, dense);
        for (int k = 0; k < size; k++) {
            List<Long> kept = new ArrayList<>();
            for (int q = first[k]; q < end[k]; q++) {
                kept.add(out[q * 2]);
                kept.add(out[q * 2 + 1]);
            }
            assertThat(kept).as("candidate %d", k).containsExactlyElementsOf(plainIntersection(candidates.get(k),
                    dense));
        }
    }

    /** {@code n} disjoint [lo, hi] pairs, ascending, within [0, span) (fewer when they do not fit). */
    private static long[] ascending(Random random, int n, long span) {
        long[] out = new long[n * 2];
        long at = random.nextInt(50);
        int made = 0;
        for (int q = 0; q < n && at < span; q++) {
            long lo = at + random.nextInt(3);
            long hi = lo + random.nextInt((int) Math.max(1, 2 * span / Math.max(1, n)));
            out[made * 2] = lo;
            out[made * 2 + 1] = hi;
            made++;
            at = hi + 2 + random.nextInt((int) Math.max(1, span / Math.max(1, n)));
        }
        return Arrays.copyOf(out, made * 2);
    }

    private static List<Long> plainIntersection(long[] own, long[] dense) {
        List<Long> kept = new ArrayList<>();
        for (int q = 0; q < own.length; q += 2) {
            for (int d = 0; d < dense.length; d += 2) {
                long lo = Math.max(own[q], dense[d]);
                long hi = Math.min(own[q + 1], dense[d + 1]);
                if (lo <= hi) {
                    kept.add(lo);
                    kept.add(hi);
                }
            }
        }
        return kept;
    }
}
