package io.coreserve.engine.allocation;

import io.coreserve.engine.catalogue.InMemoryCatalogue;
import io.coreserve.engine.model.PropertySchema;
import io.coreserve.engine.model.Quantity;
import io.coreserve.engine.model.Resource;
import io.coreserve.engine.timetable.InMemoryTimetables;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** A small hand-built grid for tests: a catalogue and its timetables, amounts given in property units. */
final class Grid {

    final PropertySchema properties;
    final InMemoryCatalogue catalogue;
    final InMemoryTimetables timetables;

    Grid(String... properties) {
        this.properties = PropertySchema.of(properties);
        this.catalogue = new InMemoryCatalogue(this.properties);
        this.timetables = new InMemoryTimetables(16, this.properties.size());
    }

    /** Adds a resource with the capacities in schema order. */
    int node(String id, double... capacities) {
        return node(id, Set.of(), capacities);
    }

    int node(String id, Set<String> labels, double... capacities) {
        Map<String, Double> map = new LinkedHashMap<>();
        for (int i = 0; i < capacities.length; i++) {
            map.put(properties.name(i), capacities[i]);
        }
        return catalogue.add(new Resource(id, map, labels));
    }

    /** Reserves the amounts (schema order, units) on [from, to). */
    void busy(int resource, long from, long to, double... amounts) {
        timetables.reserve(resource, from, to, micros(amounts));
    }

    /**
     * A random grid of "cores" (4) and "memory_gb" (8) nodes, each with up to {@code bookings} reservations drawn in
     * [0, span) that never over-commit it: 2 to 13 nodes.
     */
    static Grid randomlyBusy(java.util.Random random, int maxNodes, int bookings, int span) {
        Grid grid = new Grid("cores", "memory_gb");
        int nodes = 2 + random.nextInt(maxNodes - 1);
        for (int k = 0; k < nodes; k++) {
            int node = grid.node("n" + k, 4, 8);
            for (int b = 0; b < random.nextInt(bookings); b++) {
                long from = random.nextInt(span);
                long to = from + 1 + random.nextInt(120);
                long[] max = new long[2];
                grid.timetables.maxReserved(node, from, to, max);
                double cores = random.nextInt(3);
                double memory = random.nextInt(5);
                if (max[0] + micros(cores)[0] <= micros(4)[0] && max[1] + micros(memory)[0] <= micros(8)[0]) {
                    grid.busy(node, from, to, cores, memory);
                }
            }
        }
        return grid;
    }

    /** A catalogue of {@code nodes} nodes with 1 to 4 cores and 1 to 4.5 GB of memory, drawn from {@code random}. */
    static InMemoryCatalogue randomCatalogue(java.util.Random random, PropertySchema schema, int nodes) {
        InMemoryCatalogue catalogue = new InMemoryCatalogue(schema);
        for (int k = 0; k < nodes; k++) {
            Map<String, Double> capacity = new LinkedHashMap<>();
            capacity.put("cores", (double) (1 + random.nextInt(4)));
            capacity.put("memory_gb", 1 + random.nextInt(8) * 0.5);
            catalogue.add(new Resource("n" + k, capacity, Set.of()));
        }
        return catalogue;
    }

    CoAllocator engine(EngineConfig config) {
        return new CoAllocator(catalogue, timetables, config);
    }

    static long[] micros(double... amounts) {
        long[] result = new long[amounts.length];
        for (int i = 0; i < amounts.length; i++) {
            result[i] = Quantity.toMicros(amounts[i]);
        }
        return result;
    }

    /** A resolved request over all of this grid's properties, amounts in units (schema order). */
    ResolvedRequest request(int n, long duration, long earliest, long latest, double[] e, double[] d) {
        return new ResolvedRequest("r", n, duration, earliest, latest, micros(e), micros(d), Set.of(), 7L);
    }

    CandidateSet all() {
        int[] resources = new int[catalogue.size()];
        for (int k = 0; k < resources.length; k++) {
            resources[k] = k;
        }
        return new CandidateSet(catalogue, resources);
    }
}
