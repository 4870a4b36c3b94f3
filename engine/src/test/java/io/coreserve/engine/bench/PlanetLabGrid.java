package io.coreserve.engine.bench;

import io.coreserve.engine.catalogue.InMemoryCatalogue;
import io.coreserve.engine.model.PropertySchema;
import io.coreserve.engine.model.Quantity;
import io.coreserve.engine.model.Request;
import io.coreserve.engine.model.Resource;
import io.coreserve.engine.timetable.InMemoryTimetables;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Benchmark instances after section 4.2 of the paper: nodes drawn from the PlanetLab statistics of Table 1
 * (truncated normal distributions), random background reservations over a day, and collective requests with
 * d_i from interval (4) and e_i = d_i / (2N).
 */
public final class PlanetLabGrid {

    public static final String[] PROPERTIES = {"cores", "cpu_ghz", "memory_gb"};
    static final double[] MEAN = {2.90, 2.68, 2.95};
    static final double[] SD = {1.51, 0.36, 0.84};
    static final double[] MIN = {1, 1.40, 0.73};
    static final double[] MAX = {8, 3.60, 7.71};
    static final String LABEL = "cpu=amd-opteron";
    static final long MINUTE = 60_000L;
    static final long HOUR = 60 * MINUTE;
    static final long[] DURATIONS = {10 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 3 * HOUR, 5 * HOUR};

    public final InMemoryCatalogue catalogue;
    public final InMemoryTimetables timetables;

    private PlanetLabGrid(InMemoryCatalogue catalogue, InMemoryTimetables timetables) {
        this.catalogue = catalogue;
        this.timetables = timetables;
    }

    /** One node's capacities from Table 1; cores are whole numbers. */
    static double[] drawCapacities(Random random) {
        double[] capacity = new double[PROPERTIES.length];
        for (int i = 0; i < capacity.length; i++) {
            double value;
            do {
                value = MEAN[i] + SD[i] * random.nextGaussian();
                if (i == 0) {
                    value = Math.round(value);
                }
            } while (value < MIN[i] || value > MAX[i]);
            capacity[i] = value;
        }
        return capacity;
    }

    /**
     * {@code nodes} nodes with about {@code reservationsPerNode} background reservations each over one day
     * (0 = midnight): random 5-minute-aligned starts, durations from 10 minutes to 5 hours, each taking 10-60%
     * of every capacity, kept only where they fit.
     */
    public static PlanetLabGrid build(int nodes, int reservationsPerNode, long seed) {
        Random random = new Random(seed);
        PropertySchema schema = PropertySchema.of(PROPERTIES);
        InMemoryCatalogue catalogue = new InMemoryCatalogue(schema);
        InMemoryTimetables timetables = new InMemoryTimetables(nodes, PROPERTIES.length);
        long[] amounts = new long[PROPERTIES.length];
        long[] max = new long[PROPERTIES.length];
        for (int k = 0; k < nodes; k++) {
            double[] capacity = drawCapacities(random);
            int node = catalogue.add(new Resource("node-" + k, Map.of(PROPERTIES[0], capacity[0], PROPERTIES[1],
                    capacity[1], PROPERTIES[2], capacity[2]), Set.of(LABEL)));
            for (int b = 0; b < reservationsPerNode; b++) {
                long from = random.nextInt(288) * 5 * MINUTE;
                long to = Math.min(24 * HOUR, from + DURATIONS[random.nextInt(DURATIONS.length)]);
                timetables.maxReserved(node, from, to, max);
                boolean fits = true;
                for (int i = 0; i < amounts.length; i++) {
                    amounts[i] = Quantity.toMicros(capacity[i] * (0.1 + 0.5 * random.nextDouble()));
                    fits &= max[i] + amounts[i] <= catalogue.capacity(node, i);
                }
                if (fits) {
                    timetables.reserve(node, from, to, amounts);
                }
            }
        }
        timetables.trim();
        return new PlanetLabGrid(catalogue, timetables);
    }

    /**
     * Collective requests of section 4.2: t_res from {10m, 30m, 1h, 2h, 3h, 5h}, t_e in [0, 5h50m],
     * t_l + t_res in [18h10m, 24h], d_i from [N(mean - 2 sd), N(mean + 0.5 sd)] (the lower end raised to
     * 0.1 N where it is negative, as for cores), e_i = d_i / (2N); {@code simple} gives e_i = d_i / N instead.
     */
    public static List<Request> requests(int n, int count, long seed, boolean simple) {
        Random random = new Random(seed);
        List<Request> requests = new ArrayList<>();
        for (int q = 0; q < count; q++) {
            long duration = DURATIONS[random.nextInt(DURATIONS.length)];
            long earliest = random.nextInt(71) * 5 * MINUTE;                          // [0, 5h50m]
            long latestEnd = 18 * HOUR + 10 * MINUTE + random.nextInt(71) * 5 * MINUTE; // [18h10m, 24h]
            Request.Builder b = Request.builder("n" + n + "-q" + q, "bench").duration(duration).count(n)
                    .window(earliest, latestEnd - duration).label(LABEL);
            for (int i = 0; i < PROPERTIES.length; i++) {
                double low = Math.max(n * (MEAN[i] - 2 * SD[i]), 0.1 * n);
                double high = n * (MEAN[i] + 0.5 * SD[i]);
                double d = low + random.nextDouble() * (high - low);
                b.total(PROPERTIES[i], d).perResource(PROPERTIES[i], simple ? d / n : d / (2 * n));
            }
            requests.add(b.build());
        }
        return requests;
    }
}
