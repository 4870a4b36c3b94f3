package io.coreserve.engine.allocation;

import java.util.Arrays;

/**
 * Phase VI (section 3.6): the amount reserved of property P_i on each chosen resource,
 * x_ij = e_i + r_ij (d_i - N e_i) with r_ij = (a_ij^t - e_i) / sum_j (a_ij^t - e_i): every resource gets its
 * minimum e_i and the rest of d_i is shared in proportion to what each has left.
 *
 * <p>In micro-units the shares are rounded down and the remaining micro-units (fewer than N) go one each to
 * the largest fractional parts, so the x_ij sum to d_i exactly and each stays within a_ij^t.
 */
final class ProportionalSplit {

    private ProportionalSplit() {
    }

    /** x[k][i] for the chosen members in {@code s.chosen} order. */
    static long[][] amounts(Selection s, ResolvedRequest request) {
        Availability availability = s.availability;
        int n = s.chosenCount;
        int p = availability.properties;
        long[][] x = new long[n][p];
        double[] fraction = new double[n];
        for (int i = 0; i < p; i++) {
            long e = request.perResource()[i];
            long extra = request.totals()[i] - n * e;              // d_i - N e_i >= 0 (see ResolvedRequest)
            long slackSum = 0;
            for (int k = 0; k < n; k++) {
                slackSum += availability.available(s.chosen[k], i) - e;
            }
            long given = 0;
            for (int k = 0; k < n; k++) {
                long slack = availability.available(s.chosen[k], i) - e;
                long share = 0;
                fraction[k] = 0;
                if (slackSum > 0 && extra > 0) {
                    double exact = extra * ((double) slack / slackSum); // r_ij (d_i - N e_i)
                    share = Math.min((long) Math.floor(exact), slack);
                    fraction[k] = exact - share;
                }
                x[k][i] = e + share;
                given += share;
            }
            distribute(x, i, extra - given, fraction, s, e);
        }
        return x;
    }

    /** Hands out (or takes back) the rounding remainder one micro-unit at a time. */
    private static void distribute(long[][] x, int i, long remainder, double[] fraction, Selection s, long e) {
        if (remainder == 0) {
            return;
        }
        int n = x.length;
        Integer[] order = new Integer[n];
        for (int k = 0; k < n; k++) {
            order[k] = k;
        }
        Arrays.sort(order, (a, b) -> remainder > 0 ? Double.compare(fraction[b], fraction[a])
                : Double.compare(fraction[a], fraction[b]));
        long step = remainder > 0 ? 1 : -1;
        long left = remainder;
        for (int round = 0; left != 0 && round < 1 + Math.abs(remainder); round++) {
            for (int q = 0; q < n && left != 0; q++) {
                int k = order[q];
                long value = x[k][i] + step;
                long limit = s.availability.available(s.chosen[k], i);
                if (value >= e && value <= limit) {
                    x[k][i] = value;
                    left -= step;
                }
            }
        }
    }
}
