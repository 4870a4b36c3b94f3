package io.coreserve.engine.allocation;

/** Stable sort of int items by long keys, descending, without boxing (ties keep their order). */
final class IndexSort {

    private IndexSort() {
    }

    /** Sorts items[0..n) and their keys[0..n) together, by key descending. */
    static void descending(int[] items, long[] keys, int n) {
        int[] itemBuffer = new int[n];
        long[] keyBuffer = new long[n];
        for (int width = 1; width < n; width *= 2) {
            for (int lo = 0; lo < n - width; lo += 2 * width) {
                int mid = lo + width;
                int hi = Math.min(lo + 2 * width, n);
                int a = lo;
                int b = mid;
                int out = lo;
                while (a < mid && b < hi) {
                    if (keys[b] > keys[a]) {
                        keyBuffer[out] = keys[b];
                        itemBuffer[out++] = items[b++];
                    } else {
                        keyBuffer[out] = keys[a];
                        itemBuffer[out++] = items[a++];
                    }
                }
                while (a < mid) {
                    keyBuffer[out] = keys[a];
                    itemBuffer[out++] = items[a++];
                }
                while (b < hi) {
                    keyBuffer[out] = keys[b];
                    itemBuffer[out++] = items[b++];
                }
                System.arraycopy(itemBuffer, lo, items, lo, hi - lo);
                System.arraycopy(keyBuffer, lo, keys, lo, hi - lo);
            }
        }
    }

    /**
     * The first k items of {@link #descending} applied to the positions 0..n with keys[0..n), without sorting
     * the rest: writes them to items[0..k') with k' = min(k, n) and returns k'. Ties keep their order, as there.
     */
    static int topDescending(int[] items, long[] keys, int n, int k, long[] topKeys) {
        int count = 0;
        if (k <= 0) {
            return 0;
        }
        for (int q = 0; q < n; q++) {
            long key = keys[q];
            if (count == k && key <= topKeys[k - 1]) {
                continue;
            }
            int j = count < k ? count : k - 1;
            while (j > 0 && topKeys[j - 1] < key) {
                topKeys[j] = topKeys[j - 1];
                items[j] = items[j - 1];
                j--;
            }
            topKeys[j] = key;
            items[j] = q;
            if (count < k) {
                count++;
            }
        }
        return count;
    }
}
