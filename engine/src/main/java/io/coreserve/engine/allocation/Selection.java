package io.coreserve.engine.allocation;

/**
 * A split of R_a (an {@link Availability}) into the chosen set R_s and the rest, with running sums over R_s of
 * a_ij^t, T_ij^t and p_ij, so that admissibility and eq. (3) cost O(P) per swap.
 *
 * <p>R_s is admissible when sum a_ij^t >= d_i for all i, which is the same as u~_i(R_s, t) <= 1 of eq. (3):
 * (d_i + sum T_ij^t) / sum p_ij <= 1. The check is exact, in micro-units.
 */
final class Selection {

    final Availability availability;
    final long[] totals;
    final int[] chosen;
    int chosenCount;
    final int[] rest;
    int restCount;
    final long[] sumAvailable;
    final long[] sumReserved;
    final long[] sumCapacity;

    private Selection(Availability availability, ResolvedRequest request) {
        this.availability = availability;
        this.totals = request.totals();
        this.chosen = new int[request.count()];
        this.rest = new int[availability.size];
        for (int m = 0; m < availability.size; m++) {
            rest[m] = m;
        }
        this.restCount = availability.size;
        int p = availability.properties;
        this.sumAvailable = new long[p];
        this.sumReserved = new long[p];
        this.sumCapacity = new long[p];
    }

    /** R_s empty, every member of R_a in the rest. */
    static Selection none(Availability availability, ResolvedRequest request) {
        return new Selection(availability, request);
    }

    /** R_s = the given members of R_a (positions in R_a), in that order. */
    static Selection of(Availability availability, ResolvedRequest request, int[] members) {
        Selection s = new Selection(availability, request);
        for (int member : members) {
            int position = 0;
            while (s.rest[position] != member) {
                position++;
            }
            s.choose(position);
        }
        return s;
    }

    /** Moves rest[position] into R_s. */
    void choose(int restPosition) {
        int member = rest[restPosition];
        rest[restPosition] = rest[--restCount];
        chosen[chosenCount++] = member;
        adjust(member, 1);
    }

    /** Swaps chosen[chosenPosition] with rest[restPosition]. */
    void swap(int chosenPosition, int restPosition) {
        int out = chosen[chosenPosition];
        int in = rest[restPosition];
        chosen[chosenPosition] = in;
        rest[restPosition] = out;
        adjust(out, -1);
        adjust(in, 1);
    }

    boolean admissible() {
        for (int i = 0; i < totals.length; i++) {
            if (sumAvailable[i] < totals[i]) {
                return false;
            }
        }
        return true;
    }

    /** u~_i(R_s, t) of eq. (3). */
    double estimate(int property) {
        return (double) (totals[property] + sumReserved[property]) / sumCapacity[property];
    }

    /** U~(R_s, t), the product of eq. (3) over all properties (Phase V's criterion). */
    double estimate() {
        double product = 1;
        for (int i = 0; i < totals.length; i++) {
            product *= estimate(i);
        }
        return product;
    }

    /** U~ after swapping chosen member {@code out} for rest member {@code in}, or -1 if not admissible then. */
    double estimateAfterSwap(int out, int in) {
        int p = availability.properties;
        double product = 1;
        for (int i = 0; i < p; i++) {
            int a = out * p + i;
            int b = in * p + i;
            long avail = sumAvailable[i] - availability.available[a] + availability.available[b];
            if (avail < totals[i]) {
                return -1;
            }
            long reserved = sumReserved[i] - availability.reserved[a] + availability.reserved[b];
            long capacity = sumCapacity[i] - availability.capacity[a] + availability.capacity[b];
            product *= (double) (totals[i] + reserved) / capacity;
        }
        return product;
    }

    /**
     * Writes into {@code without} the sums over R_s of a_ij^t, T_ij^t and p_ij without chosen member
     * {@code out} ({@code [0, P)}, {@code [P, 2P)}, {@code [2P, 3P)}), for {@link #estimateAfterSwap(long[], int)}.
     */
    void sumsWithout(int out, long[] without) {
        int p = availability.properties;
        for (int i = 0; i < p; i++) {
            int a = out * p + i;
            without[i] = sumAvailable[i] - availability.available[a];
            without[p + i] = sumReserved[i] - availability.reserved[a];
            without[2 * p + i] = sumCapacity[i] - availability.capacity[a];
        }
    }

    /** {@link #estimateAfterSwap(int, int)} with the leaving member's part taken out beforehand: the same value. */
    double estimateAfterSwap(long[] without, int in) {
        return estimateAfterSwapAbove(without, in, Double.NEGATIVE_INFINITY);
    }

    /**
     * {@link #estimateAfterSwap(long[], int)} when it exceeds {@code floor}, else some value not above it (-1, or a
     * partial product): every factor (T_i + sum of T_ij^t) / sum of p_ij is at most 1 once sum a_ij^t >= d_i (the
     * sums of reserved and available make the capacity), and a rounded product with a factor at most 1 is never
     * above the other factor, so once the product so far is not above the floor, the rest need not be divided out.
     * The same value, with the same rounding, as the full estimate whenever it is above the floor.
     */
    double estimateAfterSwapAbove(long[] without, int in, double floor) {
        int p = availability.properties;
        double product = 1;
        for (int i = 0; i < p; i++) {
            int b = in * p + i;
            long avail = without[i] + availability.available[b];
            if (avail < totals[i]) {
                return -1;
            }
            long reserved = without[p + i] + availability.reserved[b];
            long capacity = without[2 * p + i] + availability.capacity[b];
            product *= (double) (totals[i] + reserved) / capacity;
            if (product <= floor) {
                return product;
            }
        }
        return product;
    }

    private void adjust(int member, int sign) {
        int p = availability.properties;
        for (int i = 0; i < p; i++) {
            sumAvailable[i] += sign * availability.available[member * p + i];
            sumReserved[i] += sign * availability.reserved[member * p + i];
            sumCapacity[i] += sign * availability.capacity[member * p + i];
        }
    }
}
