package io.coreserve.catalogue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Node properties drawn like the 606 PlanetLab nodes of seed 000, Table 1: each property from a normal
 * distribution with the table's mean and standard deviation, redrawn until it falls inside the table's
 * [min, max] (a truncated normal, so the sample mean sits slightly off the table's where the bounds are
 * asymmetric). Cores are whole numbers.
 */
public final class Table1Distribution {

    /** One row of Table 1. */
    public record PropertyStatistics(String name, double mean, double stdDev, double min, double max, boolean integer) {
    }

    public static final PropertyStatistics CORES = new PropertyStatistics("cores", 2.90, 1.51, 1, 8, true);
    public static final PropertyStatistics CPU_GHZ = new PropertyStatistics("cpu_ghz", 2.68, 0.36, 1.40, 3.60, false);
    public static final PropertyStatistics MEMORY_GB = new PropertyStatistics("memory_gb", 2.95, 0.84, 0.73, 7.71, false);

    private Table1Distribution() {
    }

    public static PropertyStatistics[] rows() {
        return new PropertyStatistics[] {CORES, CPU_GHZ, MEMORY_GB};
    }

    /** One node's capacities p_ij, keyed by property name. */
    public static Map<String, Double> draw(SplittableRandom random) {
        Map<String, Double> capacities = new LinkedHashMap<>();
        for (PropertyStatistics row : rows()) {
            capacities.put(row.name(), draw(row, random));
        }
        return capacities;
    }

    static double draw(PropertyStatistics row, SplittableRandom random) {
        while (true) {
            double value = row.mean() + row.stdDev() * gaussian(random);
            if (row.integer()) {
                value = Math.rint(value);
            } else {
                value = Math.rint(value * 100) / 100;
            }
            if (value >= row.min() && value <= row.max()) {
                return value;
            }
        }
    }

    /** Marsaglia's polar method: SplittableRandom has no nextGaussian on Java 17. */
    private static double gaussian(SplittableRandom random) {
        double u;
        double v;
        double s;
        do {
            u = 2 * random.nextDouble() - 1;
            v = 2 * random.nextDouble() - 1;
            s = u * u + v * v;
        } while (s >= 1 || s == 0);
        return u * Math.sqrt(-2 * Math.log(s) / s);
    }
}
