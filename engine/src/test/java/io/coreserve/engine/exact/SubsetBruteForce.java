package io.coreserve.engine.exact;

import java.util.SplittableRandom;

/** Every N-subset of an {@link Items}, no cleverness: the reference for the searches at one start time. */
final class SubsetBruteForce {

    private SubsetBruteForce() {
    }

    /** The largest U~ over the admissible N-sets, or NaN when there is none. */
    static double best(Items items, long[] d, int n) {
        double[] best = {Double.NaN};
        forEachSubset(items.size, n, positions -> {
            double value = items.estimate(positions, d);
            if (!Double.isNaN(value) && !(value <= best[0])) {
                best[0] = value;
            }
        });
        return best[0];
    }

    interface SubsetVisitor {
        void visit(int[] positions);
    }

    static void forEachSubset(int size, int n, SubsetVisitor visitor) {
        int[] positions = new int[n];
        for (int k = 0; k < n; k++) {
            positions[k] = k;
        }
        if (n > size) {
            return;
        }
        while (true) {
            visitor.visit(positions.clone());
            int k = n - 1;
            while (k >= 0 && positions[k] == size - n + k) {
                k--;
            }
            if (k < 0) {
                return;
            }
            positions[k]++;
            for (int q = k + 1; q < n; q++) {
                positions[q] = positions[q - 1] + 1;
            }
        }
    }

    /**
     * Random members in micro-units: capacity 1..8 units (whole for property 0, like cores), each member occupied
     * by one fraction of every property (as the evaluation's PlanetLab occupancy) or, with {@code mixed}, by a
     * fraction per property.
     */
    static Items randomItems(SplittableRandom random, int size, int properties, boolean mixed) {
        Items items = new Items(properties);
        items.clear(size);
        long[] cap = new long[properties];
        long[] res = new long[properties];
        for (int j = 0; j < size; j++) {
            int percent = random.nextInt(90);
            for (int i = 0; i < properties; i++) {
                cap[i] = i == 0 ? 1_000_000L * (1 + random.nextInt(8)) : 10_000L * (100 + random.nextInt(700));
                res[i] = cap[i] * (mixed ? random.nextInt(90) : percent) / 100;
            }
            items.add(j, cap, res);
        }
        return items;
    }
}
