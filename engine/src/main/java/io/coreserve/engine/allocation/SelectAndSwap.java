package io.coreserve.engine.allocation;

import java.util.SplittableRandom;

/**
 * The SelectAndSwap function of Phase IV (section 3.4), line by line. It first picks N resources with the most
 * of each property in turn (lines 3-7), then, while R_s is not admissible, swaps in the m-th richest resource
 * of R_a in the most violated property P_v for a randomly ordered member of R_s, but only when no property
 * that is short gets worse and none that is met becomes short (lines 9-22). It stops after N * L_1 attempts
 * or when every resource of R_a has been tried for the same P_v.
 */
final class SelectAndSwap {

    private SelectAndSwap() {
    }

    static Selection run(Availability availability, ResolvedRequest request, int l1, SplittableRandom random,
            Counters counters) {
        int n = request.count();
        int p = availability.properties;
        Selection s = Selection.none(availability, request);
        // Lines 3-7: k' cycles through the properties; take (randomly among ties) a richest resource in P_k'.
        for (int k = 0; k < n; k++) {
            s.choose(randomArgMax(s, k % p, random));
        }
        // Lines 8-22.
        long limit = (long) n * l1;
        long c = 1;
        int m = 0;
        int[] order = new int[s.restCount];
        long[] keys = new long[s.restCount];
        int[] permutation = new int[n];
        int sortedFor = -1;
        while (!s.admissible() && c <= limit && m < s.restCount) {
            m++;
            int v = mostViolated(s, random);                               // line 11
            if (v != sortedFor) {                                          // line 12: R_a sorted by P_v, desc
                for (int q = 0; q < s.restCount; q++) {
                    order[q] = q;
                    keys[q] = availability.available(s.rest[q], v);
                }
                IndexSort.descending(order, keys, s.restCount);
                sortedFor = v;
            }
            int restPosition = order[m - 1];
            int candidate = s.rest[restPosition];
            shuffle(permutation, random);                                  // line 13: R_s in random order
            int k = 0;
            boolean canSwap;
            do {                                                           // lines 14-21
                int out = s.chosen[permutation[k]];
                canSwap = true;                                            // line 16
                for (int i = 0; i < p && canSwap; i++) {
                    long after = s.sumAvailable[i] - availability.available(out, i)
                            + availability.available(candidate, i);
                    canSwap = after >= Math.min(s.sumAvailable[i], s.totals[i]);
                }
                counters.swapsTried++;
                if (canSwap) {                                             // lines 17-18
                    s.swap(permutation[k], restPosition);
                    counters.swapsMade++;
                    m = 0;
                    sortedFor = -1;
                }
                k++;
                c++;
            } while (k < n && c <= limit && !canSwap);
        }
        return s;
    }

    /** Line 5: a rest position with the highest a_ij^t in the property, chosen at random among ties. */
    private static int randomArgMax(Selection s, int property, SplittableRandom random) {
        long best = Long.MIN_VALUE;
        int ties = 0;
        int pick = -1;
        for (int q = 0; q < s.restCount; q++) {
            long value = s.availability.available(s.rest[q], property);
            if (value > best) {
                best = value;
                ties = 1;
                pick = q;
            } else if (value == best && random.nextInt(++ties) == 0) {
                pick = q; // reservoir sampling: uniform among the ties
            }
        }
        return pick;
    }

    /** Line 11: a property with the highest u~_i(R_s, t), at random among ties. */
    private static int mostViolated(Selection s, SplittableRandom random) {
        double best = Double.NEGATIVE_INFINITY;
        int ties = 0;
        int pick = 0;
        for (int i = 0; i < s.totals.length; i++) {
            double value = s.estimate(i);
            if (value > best) {
                best = value;
                ties = 1;
                pick = i;
            } else if (value == best && random.nextInt(++ties) == 0) {
                pick = i;
            }
        }
        return pick;
    }

    private static void shuffle(int[] permutation, SplittableRandom random) {
        for (int k = 0; k < permutation.length; k++) {
            permutation[k] = k;
        }
        for (int k = permutation.length - 1; k > 0; k--) {
            int other = random.nextInt(k + 1);
            int swap = permutation[k];
            permutation[k] = permutation[other];
            permutation[other] = swap;
        }
    }
}
