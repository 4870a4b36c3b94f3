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

    /**
     * One node's capacities whose distribution has Table 1's means and standard deviations, not only its
     * bounds: each property's normal is moved and widened so that after rounding and truncation to [min, max]
     * the mean and standard deviation are the table's. This matters for the cores, where {@link #draw} gives
     * mean 3.09 and deviation 1.36 against the table's 2.90 and 1.51 (the truncation at 1 core cuts
     * off much of the lower tail); the location and scale below were fitted numerically to the exact moments of the
     * rounded, truncated normal.
     */
    public static Map<String, Double> drawWithTableMoments(SplittableRandom random) {
        Map<String, Double> capacities = new LinkedHashMap<>();
        capacities.put(CORES.name(), draw(CORES, 2.240964, 1.962976, random));
        capacities.put(CPU_GHZ.name(), draw(CPU_GHZ, 2.686365, 0.369051, random));
        capacities.put(MEMORY_GB.name(), draw(MEMORY_GB, 2.937866, 0.855915, random));
        return capacities;
    }

    static double draw(PropertyStatistics row, SplittableRandom random) {
        return draw(row, row.mean(), row.stdDev(), random);
    }

    /** A normal with the given location and scale, rounded like the table, redrawn until inside its bounds. */
    private static double draw(PropertyStatistics row, double location, double scale, SplittableRandom random) {
        while (true) {
            double value = location + scale * gaussian(random);
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
