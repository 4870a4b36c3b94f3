package io.coreserve.engine.bench;

import io.coreserve.engine.allocation.Algorithm;
import io.coreserve.engine.allocation.CoAllocator;
import io.coreserve.engine.allocation.EngineConfig;
import io.coreserve.engine.allocation.Outcome;
import io.coreserve.engine.allocation.Plan;
import io.coreserve.engine.catalogue.InMemoryCatalogue;
import io.coreserve.engine.model.PropertySchema;
import io.coreserve.engine.model.Quantity;
import io.coreserve.engine.model.Request;
import io.coreserve.engine.model.Resource;
import io.coreserve.engine.timetable.FlatTimetable;
import io.coreserve.engine.timetable.FlatTimetables;
import io.coreserve.engine.timetable.InMemoryTimetables;
import io.coreserve.engine.timetable.Timetable;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Scale: a catalogue of many resources (default 1,000,000), each with a long run of reservations (default 1,000)
 * bulk-loaded into its compact timetable, memory per resource measured as heap used after GC, then the time per
 * request for N = 5, 15, 60 with both algorithms. Run with a large heap, e.g. -Xmx20g.
 *
 * <p>The reservations of a resource follow each other the way a busy node's bookings do: a third back to back,
 * a third after a gap of 1 to 30 minutes, a third overlapping the previous one by half (partial reservations
 * sharing the node), 10 minutes to 5 hours long, each taking 5 to 50 % of every property in arbitrary
 * micro-units. Times fall on whole {@code grainMillis} (60,000: minutes, as PlanetLab's samples and most
 * calendars; 1: arbitrary milliseconds, the encoding's worst case).
 */
final class ScaleRun {

    private static final long MINUTE = 60_000L;

    private ScaleRun() {
    }

    static void run(int resources, int reservationsPerResource, int requestsPerCase, long grainMillis,
            boolean flat) {
        Runtime runtime = Runtime.getRuntime();
        long baseline = usedAfterGc(runtime);
        long t0 = System.nanoTime();
        Random random = new Random(1);
        InMemoryCatalogue catalogue = new InMemoryCatalogue(PropertySchema.of(PlanetLabGrid.PROPERTIES));
        InMemoryTimetables timetables = new InMemoryTimetables(resources, PlanetLabGrid.PROPERTIES.length);
        FlatTimetables flatTimetables = new FlatTimetables(resources, PlanetLabGrid.PROPERTIES.length);
        String[] zones = {"zone=a", "zone=b", "zone=c", "zone=d"};
        long breakpoints = 0;
        long encoded = 0;
        for (int k = 0; k < resources; k++) {
            double[] capacity = PlanetLabGrid.drawCapacities(random);
            int node = catalogue.add(new Resource("node-" + k, Map.of("cores", capacity[0], "cpu_ghz", capacity[1],
                    "memory_gb", capacity[2]), Set.of(PlanetLabGrid.LABEL, zones[k & 3])));
            FlatTimetable steps = busyNode(random, capacity, reservationsPerResource, grainMillis);
            breakpoints += steps.breakpoints();
            if (flat) {
                steps.trim();
                flatTimetables.put(node, steps);
                encoded += 8L * steps.breakpoints() * (1 + PlanetLabGrid.PROPERTIES.length);
            } else {
                Timetable timetable = timetables.timetable(node);
                timetable.load(steps.times(), steps.values(), steps.breakpoints());
                timetable.trim();
                encoded += timetable.encodedBytes();
            }
            if ((k + 1) % Math.max(1, resources / 10) == 0) {
                System.out.printf("  loaded %,d of %,d resources (%.0f s)%n", k + 1, resources,
                        (System.nanoTime() - t0) / 1e9);
            }
        }
        long buildNanos = System.nanoTime() - t0;
        long used = usedAfterGc(runtime) - baseline;
        System.out.printf("%s timetables: resources %,d, reservations/resource %d, times on %d ms, breakpoints %,d (%.0f/resource)%n",
                flat ? "flat (reference)" : "compact", resources, reservationsPerResource, grainMillis, breakpoints, (double) breakpoints / resources);
        System.out.printf("build %.1f s; heap used after GC %.2f GB = %.0f bytes/resource = %.1f bytes/reservation;"
                + " encoded timetables %.1f bytes/breakpoint%n", buildNanos / 1e9, used / 1e9,
                (double) used / resources, (double) used / resources / reservationsPerResource,
                (double) encoded / breakpoints);

        for (Algorithm algorithm : Algorithm.values()) {
            CoAllocator engine = new CoAllocator(catalogue, flat ? flatTimetables : timetables,
                    EngineConfig.defaults().withM(3, 3).withAlgorithm(algorithm));
            for (int n : new int[] {5, 15, 60}) {
                List<Request> requests = requests(n, requestsPerCase, random);
                requests.subList(0, Math.min(20, requests.size())).forEach(engine::probe); // warm-up
                long[] nanos = new long[requests.size()];
                int solved = 0;
                for (int q = 0; q < requests.size(); q++) {
                    long t = System.nanoTime();
                    Outcome outcome = engine.probe(requests.get(q));
                    nanos[q] = System.nanoTime() - t;
                    solved += outcome instanceof Plan ? 1 : 0;
                }
                Arrays.sort(nanos);
                System.out.printf("%-8s N=%-3d solved %3d/%d  mean %.2f ms  p50 %.2f ms  p99 %.2f ms  max %.2f ms%n",
                        algorithm, n, solved, requests.size(), Arrays.stream(nanos).average().orElse(0) / 1e6,
                        nanos[nanos.length / 2] / 1e6, nanos[(int) (nanos.length * 0.99)] / 1e6,
                        nanos[nanos.length - 1] / 1e6);
            }
        }
    }

    /** The step function of one busy node's reservations (see the class comment). */
    private static FlatTimetable busyNode(Random random, double[] capacity, int reservations, long grain) {
        FlatTimetable steps = new FlatTimetable(capacity.length);
        long[] amounts = new long[capacity.length];
        long cursor = onGrain(random.nextInt(120) * MINUTE + random.nextInt((int) MINUTE), grain);
        long busyUntil = cursor;
        boolean overlapping = false;
        for (int b = 0; b < reservations; b++) {
            long length = Math.max(grain, onGrain((10 + random.nextInt(290)) * MINUTE + random.nextInt((int) MINUTE),
                    grain));
            for (int i = 0; i < capacity.length; i++) {
                amounts[i] = Quantity.toMicros(capacity[i] * (0.05 + 0.45 * random.nextDouble()));
            }
            steps.reserve(cursor, cursor + length, amounts);
            busyUntil = Math.max(busyUntil, cursor + length);
            // Never three at once: two overlapping reservations take at most 95 % of the node.
            int next = random.nextInt(3);
            overlapping = next == 2 && !overlapping;
            cursor = overlapping ? onGrain(cursor + length / 2, grain)                       // overlapping by half
                    : next == 1 ? busyUntil + onGrain((1 + random.nextInt(30)) * MINUTE, grain) // after a gap
                    : busyUntil;                                                              // back to back
        }
        return steps;
    }

    private static long onGrain(long millis, long grain) {
        return millis - millis % grain;
    }

    /** Collective requests of section 4.2 in a window on day 2, half of them restricted to one zone. */
    private static List<Request> requests(int n, int count, Random random) {
        List<Request> result = PlanetLabGrid.requests(n, count, random.nextLong(), false);
        return result.stream().map(r -> {
            long shift = 24 * 60 * MINUTE;
            Set<String> labels = r.labels();
            if (random.nextBoolean()) {
                labels = Set.of(PlanetLabGrid.LABEL, "zone=" + "abcd".charAt(random.nextInt(4)));
            }
            return new Request(r.requestId(), r.userId(), r.submittedAt(), r.durationMillis(), r.count(),
                    r.earliestStart() + shift, r.latestStart() + shift, r.perResource(), r.totals(), labels);
        }).toList();
    }

    private static long usedAfterGc(Runtime runtime) {
        for (int k = 0; k < 3; k++) {
            System.gc();
        }
        return runtime.totalMemory() - runtime.freeMemory();
    }
}
