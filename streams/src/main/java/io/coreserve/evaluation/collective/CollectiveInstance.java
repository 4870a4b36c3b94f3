package io.coreserve.evaluation.collective;

import io.coreserve.catalogue.Table1Distribution;
import io.coreserve.engine.model.PropertySchema;

import io.coreserve.engine.catalogue.InMemoryCatalogue;
import io.coreserve.engine.model.Resource;
import io.coreserve.engine.timetable.InMemoryTimetables;
import io.coreserve.trace.planetlab.NodeTrace;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The grid of section 4.2: PlanetLab nodes with Table 1 capacities, occupied over the day by their measured
 * CPU utilisation. Time is millis after midnight of the trace day.
 *
 * <ul>
 *   <li>Nodes: a seeded uniform sample of {@code nodes} of the day's node traces (all of them when fewer), kept
 *       in name order; the same seed and traces give the same nodes. Which traces are nodes is the caller's
 *       choice, see {@link NodeSource}.</li>
 *   <li>Capacities: cores, cpu_ghz and memory_gb drawn per node with Table 1's bounds, means and standard
 *       deviations ({@link Table1Distribution#drawWithTableMoments}), seeded; the paper used the nodes' real
 *       capacities, which the traces do not have.</li>
 *   <li>Labels: every node carries {@link #OPTERON} (the paper's nodes were all AMD Opteron machines running
 *       XtreemOS) unless {@code opteronFraction} < 1, when a seeded fraction of them does.</li>
 *   <li>Occupancy: one background reservation per run of equal utilisation, scaled by {@code loadScale}, see
 *       {@link Occupancy}.</li>
 * </ul>
 */
public final class CollectiveInstance {

    public static final String OPTERON = "cpu=amd-opteron";

    private final List<NodeTrace> nodes;
    private final InMemoryCatalogue catalogue;
    private final InMemoryTimetables timetables;

    private CollectiveInstance(List<NodeTrace> nodes, InMemoryCatalogue catalogue, InMemoryTimetables timetables) {
        this.nodes = nodes;
        this.catalogue = catalogue;
        this.timetables = timetables;
    }

    /** The properties of Table 1, in its order: cores, cpu_ghz, memory_gb. */
    public static final PropertySchema SCHEMA = PropertySchema.of(java.util.Arrays.stream(Table1Distribution.rows())
            .map(Table1Distribution.PropertyStatistics::name).toList());

    public static CollectiveInstance build(List<NodeTrace> day, int nodes, long seed, Occupancy occupancy,
            double loadScale, double opteronFraction) {
        SplittableRandom random = new SplittableRandom(seed ^ 0x6E0DE5L);
        List<NodeTrace> chosen = choose(day, nodes, random);
        InMemoryCatalogue catalogue = new InMemoryCatalogue(SCHEMA);
        InMemoryTimetables timetables = new InMemoryTimetables(chosen.size(), SCHEMA.size());
        int p = SCHEMA.size();
        for (NodeTrace trace : chosen) {
            Map<String, Double> capacities = Table1Distribution.drawWithTableMoments(random);
            Set<String> labels = random.nextDouble() < opteronFraction ? Set.of(OPTERON) : Set.of();
            int index = catalogue.add(new Resource(trace.node(), capacities, labels));
            long[] micros = new long[p];
            for (int i = 0; i < p; i++) {
                micros[i] = catalogue.capacity(index, i);
            }
            occupy(timetables, index, trace, micros, occupancy, loadScale);
        }
        timetables.trim();
        return new CollectiveInstance(chosen, catalogue, timetables);
    }

    private static List<NodeTrace> choose(List<NodeTrace> day, int nodes, SplittableRandom random) {
        if (nodes >= day.size()) {
            return List.copyOf(day);
        }
        int[] order = new int[day.size()];
        Arrays.setAll(order, k -> k);
        for (int k = 0; k < nodes; k++) { // partial Fisher-Yates
            int other = k + random.nextInt(order.length - k);
            int swap = order[k];
            order[k] = order[other];
            order[other] = swap;
        }
        List<NodeTrace> chosen = new ArrayList<>(nodes);
        for (int k = 0; k < nodes; k++) {
            chosen.add(day.get(order[k]));
        }
        chosen.sort(Comparator.comparing(NodeTrace::node));
        return chosen;
    }

    /** Reserves min(100, u_k F)% (per {@link Occupancy}) in each interval, merging runs of equal utilisation. */
    private static void occupy(InMemoryTimetables timetables, int resource, NodeTrace trace, long[] capacity,
            Occupancy occupancy, double loadScale) {
        int k = 0;
        while (k < NodeTrace.INTERVALS) {
            int u = trace.at(k);
            int end = k + 1;
            while (end < NodeTrace.INTERVALS && trace.at(end) == u) {
                end++;
            }
            double load = Occupancy.scaled(u, loadScale);
            if (load > 0) {
                long[] amounts = new long[capacity.length];
                for (int i = 0; i < capacity.length; i++) {
                    amounts[i] = occupancy.reserved(capacity[i], i, load);
                }
                timetables.reserve(resource, k * NodeTrace.INTERVAL_MILLIS, end * NodeTrace.INTERVAL_MILLIS, amounts);
            }
            k = end;
        }
    }

    public List<NodeTrace> nodes() {
        return nodes;
    }

    public InMemoryCatalogue catalogue() {
        return catalogue;
    }

    public InMemoryTimetables timetables() {
        return timetables;
    }
}
