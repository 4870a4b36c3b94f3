package io.coreserve.engine.allocation;

import java.util.SplittableRandom;

/**
 * Phase V as in the paper (section 3.5): N * L_2 attempts, each swapping a random member of R_s with a random
 * member of R_a, kept when the result stays admissible (u~_i <= 1 for all i) and U~ does not decrease.
 */
final class RandomSwapOptimiser {

    private RandomSwapOptimiser() {
    }

    static void run(Selection s, int l2, SplittableRandom random, Counters counters) {
        if (s.restCount == 0) {                                   // line 1
            return;
        }
        double current = s.estimate();
        long attempts = (long) s.chosenCount * l2;
        for (long c = 0; c < attempts; c++) {                     // line 2
            int out = random.nextInt(s.chosenCount);              // line 3
            int in = random.nextInt(s.restCount);                 // line 4
            double after = s.estimateAfterSwap(s.chosen[out], s.rest[in]); // lines 5-6
            counters.optimisationTried++;
            if (after >= 0 && after >= current) {
                s.swap(out, in);                                  // lines 7-8
                current = after;
                counters.optimisationMade++;
            }
        }
    }
}
