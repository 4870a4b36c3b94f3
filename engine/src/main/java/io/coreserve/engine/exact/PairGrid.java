package io.coreserve.engine.exact;

/**
 * Every pair of members of a sorted {@link Items}, bucketed by the cell of its summed availabilities
 * (a_xi + a_yi for up to three properties, cells of a fixed width per property), so that the pairs whose sums
 * fall in a small box are found without looking at the others.
 *
 * <p>Within a cell the pairs are ordered by their first (smaller) position descending, so that "both members at
 * positions >= from" is a prefix of the cell.
 */
final class PairGrid {

    /** Pairs beyond this many are not indexed (memory); the search then does without the grid. */
    static final long MAX_PAIRS = 4_000_000L;

    private static final int BITS = 21;
    private static final long MAX_COORDINATE = (1L << BITS) - 1;

    private final int keyed;
    private final long[] width;
    private final long[] tableKeys;
    private final int[] tableCells;
    private final int[] cellStart;
    private final long[] cellKey;
    /** One bit per hashed occupied cell: most cells of a box are empty, and this says so without a table probe. */
    private final long[] occupied;
    private final int[] first;
    private final int[] second;

    /** Indexes the pairs of {@code s} keyed by properties 0..keyed-1 with cells of the given widths. */
    private PairGrid(Items s, long[] minWidth) {
        int p = s.properties;
        this.keyed = Math.min(p, 3);
        this.width = new long[keyed];
        for (int g = 0; g < keyed; g++) {
            long max = 0;
            for (int m = 0; m < s.size; m++) {
                max = Math.max(max, s.available[m * p + g]);
            }
            // coordinates of sums up to 2 max must fit in BITS bits
            width[g] = Math.max(Math.max(1, minWidth[g]), 2 * max / MAX_COORDINATE + 1);
        }
        int pairs = s.size * (s.size - 1) / 2;
        this.first = new int[pairs];
        this.second = new int[pairs];
        int capacity = Integer.highestOneBit(Math.max(2, pairs) * 2 - 1) << 1;
        this.tableKeys = new long[capacity];
        this.tableCells = new int[capacity];
        java.util.Arrays.fill(tableCells, -1);
        int[] pairCell = new int[pairs];
        int[] count = new int[pairs + 1];
        int cells = 0;
        int q = 0;
        for (int x = s.size - 2; x >= 0; x--) {
            for (int y = x + 1; y < s.size; y++) {
                long key = 0;
                for (int g = 0; g < keyed; g++) {
                    key = (key << BITS) | ((s.available[x * p + g] + s.available[y * p + g]) / width[g]);
                }
                int slot = slot(key);
                if (tableCells[slot] < 0) {
                    tableKeys[slot] = key;
                    tableCells[slot] = cells++;
                }
                count[tableCells[slot] + 1]++;
                pairCell[q] = tableCells[slot];
                first[q] = x;
                second[q] = y;
                q++;
            }
        }
        this.cellStart = new int[cells + 1];
        this.cellKey = new long[cells];
        this.occupied = new long[Math.max(1, Integer.highestOneBit(Math.max(1, cells)) / 4)];
        for (int slot = 0; slot < tableKeys.length; slot++) {
            if (tableCells[slot] >= 0) {
                cellKey[tableCells[slot]] = tableKeys[slot];
                long bit = mix(tableKeys[slot]) >>> 40;
                occupied[(int) (bit >>> 6) & (occupied.length - 1)] |= 1L << (bit & 63);
            }
        }
        for (int c = 0; c < cells; c++) {
            cellStart[c + 1] = cellStart[c] + count[c + 1];
        }
        // stable placement by cell keeps the generation order (first position descending) within a cell
        int[] fill = java.util.Arrays.copyOf(cellStart, cells);
        int[] x = first.clone();
        int[] y = second.clone();
        for (int k = 0; k < pairs; k++) {
            int at = fill[pairCell[k]]++;
            first[at] = x[k];
            second[at] = y[k];
        }
    }

    /** A grid for {@code s}, or null when it has too many pairs to index. */
    static PairGrid build(Items s, long[] minWidth) {
        long pairs = (long) s.size * (s.size - 1) / 2;
        return pairs > MAX_PAIRS || s.size < 2 ? null : new PairGrid(s, minWidth);
    }

    /** Receives the pairs of a box. */
    interface PairVisitor {
        /** @return false to stop */
        boolean visit(int x, int y);
    }

    /**
     * Visits every pair x < y with x >= from whose summed availabilities lie in [lo_g, hi_g] for the keyed
     * properties, and possibly some more from the same cells (the visitor checks them exactly).
     *
     * @return false when the visitor stopped the walk
     */
    boolean forEach(long[] lo, long[] hi, int from, PairVisitor visitor) {
        long[] min = new long[keyed];
        long[] max = new long[keyed];
        for (int g = 0; g < keyed; g++) {
            if (hi[g] < lo[g] || hi[g] < 0) {
                return true;
            }
            min[g] = Math.max(0, lo[g]) / width[g];
            max[g] = Math.min(MAX_COORDINATE, hi[g] / width[g]);
            if (min[g] > max[g]) {
                return true;
            }
        }
        double boxCells = 1;
        for (int g = 0; g < keyed; g++) {
            boxCells *= max[g] - min[g] + 1;
        }
        if (boxCells > cellKey.length) { // a box wider than the grid is occupied: walk the occupied cells
            for (int cell = 0; cell < cellKey.length; cell++) {
                if (inBox(cellKey[cell], min, max) && !visitCell(cell, from, visitor)) {
                    return false;
                }
            }
            return true;
        }
        long[] at = min.clone();
        while (true) {
            long key = 0;
            for (int g = 0; g < keyed; g++) {
                key = (key << BITS) | at[g];
            }
            long bit = mix(key) >>> 40;
            if ((occupied[(int) (bit >>> 6) & (occupied.length - 1)] & (1L << (bit & 63))) != 0) {
                int cell = tableCells[slot(key)];
                if (cell >= 0 && !visitCell(cell, from, visitor)) {
                    return false;
                }
            }
            int g = keyed - 1;
            while (g >= 0 && at[g] == max[g]) {
                at[g] = min[g];
                g--;
            }
            if (g < 0) {
                return true;
            }
            at[g]++;
        }
    }

    private boolean visitCell(int cell, int from, PairVisitor visitor) {
        for (int q = cellStart[cell]; q < cellStart[cell + 1] && first[q] >= from; q++) {
            if (!visitor.visit(first[q], second[q])) {
                return false;
            }
        }
        return true;
    }

    private boolean inBox(long key, long[] min, long[] max) {
        for (int g = keyed - 1; g >= 0; g--) {
            long coordinate = key & MAX_COORDINATE;
            if (coordinate < min[g] || coordinate > max[g]) {
                return false;
            }
            key >>>= BITS;
        }
        return true;
    }

    /** Properties 0..keyed()-1 are the keyed ones. */
    int keyed() {
        return keyed;
    }

    /** The slot of {@code key} in the open-addressing table: where it is, or the empty slot where it would go. */
    private int slot(long key) {
        int mask = tableKeys.length - 1;
        int slot = (int) (mix(key) & mask);
        while (tableCells[slot] >= 0 && tableKeys[slot] != key) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private static long mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return h ^ (h >>> 29);
    }
}
