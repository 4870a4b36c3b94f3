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
}
