package io.coreserve.engine.exact;

import java.util.Arrays;

/**
 * The resources available at one start time t, R_a(t): for each member m and property i the worst-case
 * reserved amount T_ij^t = max over [t, t + t_res) of T_ij, the capacity p_ij and a_ij^t = p_ij - T_ij^t, in
 * micro-units, arrays indexed {@code m * properties + i}.
 */
final class Items {

    final int properties;
    int size;
    int[] resource = new int[0];
    long[] available = new long[0];
    long[] reserved = new long[0];
    long[] capacity = new long[0];

    Items(int properties) {
        this.properties = properties;
    }

    void clear(int expected) {
        size = 0;
        if (resource.length < expected) {
            resource = new int[expected];
            available = new long[expected * properties];
            reserved = new long[expected * properties];
            capacity = new long[expected * properties];
        }
    }

    void add(int resourceIndex, long[] cap, long[] res) {
        int base = size * properties;
        for (int i = 0; i < properties; i++) {
            capacity[base + i] = cap[i];
            reserved[base + i] = res[i];
            available[base + i] = cap[i] - res[i];
        }
        resource[size++] = resourceIndex;
    }

    long a(int member, int property) {
        return available[member * properties + property];
    }

    /** The members at the given positions, in that order, as a new Items. */
    Items subset(int[] positions, int count) {
        Items out = new Items(properties);
        out.clear(count);
        long[] cap = new long[properties];
        long[] res = new long[properties];
        for (int k = 0; k < count; k++) {
            int m = positions[k];
            for (int i = 0; i < properties; i++) {
                cap[i] = capacity[m * properties + i];
                res[i] = reserved[m * properties + i];
            }
            out.add(resource[m], cap, res);
        }
        return out;
    }

    /** Positions 0..size-1 sorted by {@code key} ascending (stable). */
    int[] orderBy(double[] key) {
        Integer[] boxed = new Integer[size];
        for (int m = 0; m < size; m++) {
            boxed[m] = m;
        }
        Arrays.sort(boxed, (x, y) -> Double.compare(key[x], key[y]));
        int[] order = new int[size];
        for (int m = 0; m < size; m++) {
            order[m] = boxed[m];
        }
        return order;
    }

    /** U~ of eq. (3) multiplied over the properties for the members at {@code positions}; NaN if inadmissible. */
    double estimate(int[] positions, long[] totals) {
        double product = 1;
        for (int i = 0; i < properties; i++) {
            long a = 0;
            long t = 0;
            long p = 0;
            for (int m : positions) {
                a += available[m * properties + i];
                t += reserved[m * properties + i];
                p += capacity[m * properties + i];
            }
            if (a < totals[i]) {
                return Double.NaN;
            }
            product *= (double) (totals[i] + t) / p;
        }
        return product;
    }
}
