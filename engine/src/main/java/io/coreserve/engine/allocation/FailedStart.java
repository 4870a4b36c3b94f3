package io.coreserve.engine.allocation;

/**
 * IMPROVED, Phase IV: R_a at the last start time where no R_s was found, to skip later start times that offer
 * nothing more. A start time is no better when every member of its R_a was a member then, with no property more
 * available: any R_s admissible now was admissible then. Where the failure was proven (a bound of
 * {@link Availability}) the skip is exact; where the greedy and its repair merely failed, it is a heuristic's
 * choice not to retry on an instance no better than one it just failed on.
 */
final class FailedStart {

    private int size = -1;
    private int[] candidate = new int[0];
    private long[] available = new long[0];

    /** Nothing recorded, as at the start of a pass (the arrays are kept: a search reuses one over its passes). */
    FailedStart reset() {
        size = -1;
        return this;
    }

    void record(Availability a) {
        int p = a.properties;
        if (candidate.length < a.size) {
            candidate = new int[a.candidate.length];
            available = new long[a.candidate.length * p];
        }
        System.arraycopy(a.candidate, 0, candidate, 0, a.size);
        System.arraycopy(a.available, 0, available, 0, a.size * p);
        size = a.size;
    }

    /** True when R_a of {@code a} is no better than the recorded one (candidates ascend in both). */
    boolean dominates(Availability a) {
        if (size < 0 || a.size > size) {
            return false;
        }
        int p = a.properties;
        int q = 0;
        for (int m = 0; m < a.size; m++) {
            int k = a.candidate[m];
            while (q < size && candidate[q] < k) {
                q++;
            }
            if (q == size || candidate[q] != k) {
                return false;                                      // a new member
            }
            for (int i = 0; i < p; i++) {
                if (a.available[m * p + i] > available[q * p + i]) {
                    return false;                                  // a member more available
                }
            }
        }
        return true;
    }
}
