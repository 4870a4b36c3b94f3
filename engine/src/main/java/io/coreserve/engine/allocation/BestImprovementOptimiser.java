package io.coreserve.engine.allocation;

/**
 * Phase V of the IMPROVED variant: best-improvement local search. Each round evaluates every swap of a member
 * of R_s with a member of R_a and makes the one that raises U~ the most while staying admissible; it stops
 * when no swap raises U~ (a local optimum) or after N * L_2 rounds.
 *
 * <p>A round takes the first best swap in the order (member of R_s, then member of the rest). Members that
 * {@link MemberGroups} cannot tell apart give equal values, so only the first of each group on either side is
 * evaluated: a later one could only tie, and a tie never replaces the swap found first. The swaps made, and so the
 * selection, are the same as evaluating every pair.
 *
 * <p>A swap is screened before it is evaluated: U~ after it is the quotient of two products over the properties,
 * of eq. (3)'s numerators d_i + sum T_ij^t and of its denominators sum p_ij, and a swap whose numerators' product
 * is not above (best so far) x (1 - 1e-9) x its denominators' product cannot beat the best ({@link #SCREEN_MARGIN}),
 * so only the others are evaluated as before, division by division with the admissibility check. The products are
 * made for a whole round of candidates at once, property by property, from doubles gathered once a round. The swaps
 * made are the same: every sum is of integers below 2^53 (checked, else the rounds evaluate every swap as before),
 * so the products are within a few units in the last place of the true quotient's parts. Why: on books with room,
 * where R_a holds hundreds of candidates, Phase V evaluated about 10,000 swaps an accepted request (N = 5, three or
 * four swaps made), three divisions each: a fifth of the decision.
 *
 * <p>Its working arrays are kept from one run to the next (a search keeps one optimiser): made afresh at each run,
 * they doubled what an accepted decision allocates. Not thread-safe, like the engine.
 */
final class BestImprovementOptimiser {

    private static final double MIN_GAIN = 1e-12;
    /**
     * How far below the best a screened swap's quotient may lie and still be evaluated. The products and the
     * screen's own product are each within about 5 units in the last place (2^-52 = 2.2e-16) of exact, and U~ as
     * {@link Selection#estimateAfterSwap(long[], int)} rounds it within 5 more of the true quotient: together far
     * under 1e-9, so no swap whose evaluated U~ exceeds the best is screened out.
     */
    private static final double SCREEN_MARGIN = 1e-9;

    /** Per property, T_ij^t and p_ij of a round's candidates ({@link #gather}); then per candidate the products. */
    private double[] reservedIn = new double[0];
    private double[] capacityIn = new double[0];
    private double[] numerators = new double[0];
    private double[] denominators = new double[0];

    void run(Selection s, int l2, Counters counters) {
        double current = s.estimate();
        long rounds = (long) s.chosenCount * Math.max(l2, 1);
        Availability a = s.availability;
        int p = a.properties;
        long[] without = new long[3 * p];
        int[] group = MemberGroups.of(a);
        int[] seen = new int[a.size];                           // per group: the stamp of the last pass that met it
        int stamp = 0;
        int[] ins = new int[s.rest.length];                     // rest positions first of their group, ascending
        boolean screened = screenIsExact(s);
        if (screened && (numerators.length < s.rest.length || reservedIn.length < p * s.rest.length)) {
            reservedIn = new double[p * s.rest.length];
            capacityIn = new double[p * s.rest.length];
            numerators = new double[s.rest.length];
            denominators = new double[s.rest.length];
        }
        for (long round = 0; round < rounds && s.restCount > 0; round++) {
            stamp++;
            int inCount = 0;
            for (int in = 0; in < s.restCount; in++) {
                int g = group[s.rest[in]];
                if (seen[g] != stamp) {
                    seen[g] = stamp;
                    ins[inCount++] = in;
                }
            }
            if (screened) {
                gather(s, ins, inCount);
            }
            stamp++;
            double best = current * (1 + MIN_GAIN);
            int bestOut = -1;
            int bestIn = -1;
            for (int out = 0; out < s.chosenCount; out++) {
                int g = group[s.chosen[out]];
                if (seen[g] == stamp) {
                    continue;                                   // as an earlier member of R_s: ties only
                }
                seen[g] = stamp;
                s.sumsWithout(s.chosen[out], without);
                if (screened) {
                    numeratorsAndDenominators(s, without, inCount);
                }
                double floor = best * (1 - SCREEN_MARGIN);
                for (int q = 0; q < inCount; q++) {
                    if (screened && numerators[q] <= floor * denominators[q]) {
                        continue;                               // U~ after the swap is not above the best
                    }
                    double value = s.estimateAfterSwapAbove(without, s.rest[ins[q]], best);
                    if (value > best) {
                        best = value;
                        bestOut = out;
                        bestIn = ins[q];
                        floor = best * (1 - SCREEN_MARGIN);
                    }
                }
                counters.optimisationTried += inCount;
            }
            if (bestOut < 0) {
                return;
            }
            s.swap(bestOut, bestIn);
            current = best;
            counters.optimisationMade++;
        }
    }

    /** Below 2^53 every integer is a double, and so is every partial sum the estimates make. */
    private static final long DOUBLE_EXACT = 1L << 53;

    /**
     * Whether the screen's sums are exact and its products finite: every sum an estimate makes stays below 2^53
     * (each is at most the total plus the reserved amounts, or the capacities, of every member of R_a: all
     * non-negative, capacities positive) and the products of those bounds stay within a double's range (many
     * properties of large amounts could overflow). Otherwise the rounds evaluate every swap, as before.
     */
    private static boolean screenIsExact(Selection s) {
        Availability a = s.availability;
        int p = a.properties;
        int productBits = 0;
        for (int i = 0; i < p; i++) {
            long sum = Math.max(0, s.totals[i]);
            for (int m = 0; m < a.size; m++) {
                long reserved = a.reserved[m * p + i];
                long capacity = a.capacity[m * p + i];
                if (reserved < 0 || capacity <= 0) {
                    return false;                               // a denominator could be 0: no quotient to screen
                }
                sum += Math.max(reserved, capacity);
                if (sum >= DOUBLE_EXACT) {
                    return false;
                }
            }
            if (s.totals[i] < 0) {
                return false;
            }
            // Each product's factor for this property is at most sum: their bits together bound the product's.
            productBits += 64 - Long.numberOfLeadingZeros(sum);
            if (productBits > MAX_PRODUCT_BITS) {
                return false;
            }
        }
        return true;
    }

    /** Bits a product of the screen may take: under a double's 1,023, so that no product overflows to infinity. */
    private static final int MAX_PRODUCT_BITS = 1000;

    /** T_ij^t and p_ij of the rest's members at positions {@code ins}, as doubles, property by property. */
    private void gather(Selection s, int[] ins, int inCount) {
        Availability a = s.availability;
        int p = a.properties;
        for (int i = 0; i < p; i++) {
            int base = i * inCount;
            for (int q = 0; q < inCount; q++) {
                int member = s.rest[ins[q]];
                reservedIn[base + q] = a.reserved[member * p + i];
                capacityIn[base + q] = a.capacity[member * p + i];
            }
        }
    }

    /**
     * For each gathered candidate, the products over the properties of eq. (3)'s numerators d_i + sum T_ij^t and of
     * its denominators sum p_ij after swapping it in for the member {@code without} leaves out: their quotient is U~
     * after the swap (to a few units in the last place), with no division.
     */
    private void numeratorsAndDenominators(Selection s, long[] without, int inCount) {
        int p = s.availability.properties;
        for (int q = 0; q < inCount; q++) {
            numerators[q] = 1;
            denominators[q] = 1;
        }
        for (int i = 0; i < p; i++) {
            double reserved = s.totals[i] + without[p + i];
            double capacity = without[2 * p + i];
            int base = i * inCount;
            for (int q = 0; q < inCount; q++) {
                numerators[q] *= reserved + reservedIn[base + q];
                denominators[q] *= capacity + capacityIn[base + q];
            }
        }
    }
}
