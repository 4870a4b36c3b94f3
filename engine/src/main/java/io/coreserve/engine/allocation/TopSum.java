package io.coreserve.engine.allocation;

/** The sum of the k largest values of an array prefix, by quickselect in expected linear time. */
final class TopSum {

    private TopSum() {
    }

    /** Sum of the k largest of values[0..n); reorders the prefix. */
    static long ofLargest(long[] values, int n, int k) {
        if (k >= n) {
            long sum = 0;
            for (int m = 0; m < n; m++) {
                sum += values[m];
            }
            return sum;
        }
        // Partially order so that values[0..k) holds the k largest (descending quickselect, middle pivot).
        int lo = 0;
        int hi = n - 1;
        while (lo < hi) {
            long pivot = values[(lo + hi) >>> 1];
            int a = lo;
            int b = hi;
            while (a <= b) {
                while (values[a] > pivot) {
                    a++;
                }
                while (values[b] < pivot) {
                    b--;
                }
                if (a <= b) {
                    long swap = values[a];
                    values[a] = values[b];
                    values[b] = swap;
                    a++;
                    b--;
                }
            }
            if (k - 1 <= b) {
                hi = b;
            } else if (k - 1 >= a) {
                lo = a;
            } else {
                break;
            }
        }
        long sum = 0;
        for (int m = 0; m < k; m++) {
            sum += values[m];
        }
        return sum;
    }
}
