package io.coreserve.engine.allocation;

import java.util.Arrays;

/**
 * The members of R_a that Phase V cannot tell apart: the same a_ij^t, T_ij^t and p_ij for every property i. Swapping
 * one of them in (or out) gives exactly the value, bit for bit, that swapping another gives, so a best-improvement
 * round needs to evaluate only the first of each group, in the rest and in R_s alike.
 *
 * <p>Why: clusters are built of identical nodes, and the free ones of a group are identical at any start time. A
 * request for 256 whole nodes of the Slurm peer's 606 (4 node types) made 256 x 150 evaluations per round, for up
 * to N * L_2 rounds: Phase V was 58 % of its search. With groups, 4 x 4.
 */
final class MemberGroups {

    private MemberGroups() {
    }

    /** Group ids 0..g-1 of R_a's members, in order of each group's first member; g is one more than the largest. */
    static int[] of(Availability availability) {
        int m = availability.size;
        int p = availability.properties;
        int[] group = new int[m];
        int capacity = Integer.highestOneBit(Math.max(2, m) * 2 - 1) << 1;   // a power of two, at least 2m
        int[] firstOf = new int[capacity];                                     // a table slot's first member
        Arrays.fill(firstOf, -1);
        int groups = 0;
        for (int k = 0; k < m; k++) {
            int slot = (int) (hash(availability, k, p) & (capacity - 1));
            while (true) {
                int first = firstOf[slot];
                if (first < 0) {
                    firstOf[slot] = k;
                    group[k] = groups++;
                    break;
                }
                if (same(availability, first, k, p)) {
                    group[k] = group[first];
                    break;
                }
                slot = (slot + 1) & (capacity - 1);
            }
        }
        return group;
    }

    private static long hash(Availability a, int k, int p) {
        long h = 17;
        for (int i = k * p; i < k * p + p; i++) {
            h = h * 31 + a.available[i];
            h = h * 31 + a.reserved[i];
            h = h * 31 + a.capacity[i];
        }
        return h ^ (h >>> 29) ^ (h >>> 47);
    }

    private static boolean same(Availability a, int j, int k, int p) {
        for (int i = 0; i < p; i++) {
            if (a.available[j * p + i] != a.available[k * p + i] || a.reserved[j * p + i] != a.reserved[k * p + i]
                    || a.capacity[j * p + i] != a.capacity[k * p + i]) {
                return false;
            }
        }
        return true;
    }
}
