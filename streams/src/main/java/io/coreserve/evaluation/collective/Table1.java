package io.coreserve.evaluation.collective;

import io.coreserve.engine.model.PropertySchema;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Table 1 of seed paper 000: the PlanetLab resource-property statistics of 606 nodes, and a truncated-normal
 * sampler of node capacities from it (cores rounded to an integer).
 *
 * <p>Private to this evaluation for now; the main branch has {@code io.coreserve.catalogue.Table1Distribution}
 * for the same purpose, to be consolidated.
 */
public final class Table1 {

    /** One row: mean p̄_i, standard deviation σ_i, minimum and maximum. */
    public record Row(String property, double mean, double sd, double min, double max, boolean integer) {
    }

    public static final String CORES = "cores";
    public static final String CPU_GHZ = "cpu_ghz";
    public static final String MEMORY_GB = "memory_gb";

    public static final List<Row> ROWS = List.of(
            new Row(CORES, 2.90, 1.51, 1, 8, true),
            new Row(CPU_GHZ, 2.68, 0.36, 1.40, 3.60, false),
            new Row(MEMORY_GB, 2.95, 0.84, 0.73, 7.71, false));

    public static final PropertySchema SCHEMA = PropertySchema.of(CORES, CPU_GHZ, MEMORY_GB);

    private Table1() {
    }

    /**
     * One node's capacities in schema order: each property drawn from N(mean, sd) by rejection until it lies
     * in [min, max] (cores rounded to the nearest integer first; GHz and GB rounded to 0.01).
     */
    public static double[] sample(SplittableRandom random) {
        double[] capacities = new double[ROWS.size()];
        for (int i = 0; i < ROWS.size(); i++) {
            Row row = ROWS.get(i);
            double value;
            do {
                value = row.mean() + row.sd() * gaussian(random);
                value = row.integer() ? Math.rint(value) : Math.rint(value * 100) / 100;
            } while (value < row.min() || value > row.max());
            capacities[i] = value;
        }
        return capacities;
    }

    /** A standard normal variate (Box-Muller; SplittableRandom has no nextGaussian in Java 17). */
    static double gaussian(SplittableRandom random) {
        double u = 1.0 - random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }
}
