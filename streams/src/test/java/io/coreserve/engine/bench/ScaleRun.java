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
import io.coreserve.engine.timetable.InMemoryTimetables;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Scale: a catalogue of many resources (default 1,000,000), each with a week of back-to-back background
 * reservations (two breakpoints each), memory per resource measured as heap used after GC, then the time
 * per request for N = 5, 15, 60 with both algorithms. Run with a large heap, e.g. -Xmx14g.
 */
final class ScaleRun {

    private static final long MINUTE = 60_000L;

    private ScaleRun() {
    }

    static void run(int resources, int reservationsPerResource, int requestsPerCase) {
        Runtime runtime = Runtime.getRuntime();
        long baseline = usedAfterGc(runtime);
        long t0 = System.nanoTime();
        Random random = new Random(1);
        InMemoryCatalogue catalogue = new InMemoryCatalogue(PropertySchema.of(PlanetLabGrid.PROPERTIES));
        InMemoryTimetables timetables = new InMemoryTimetables(resources, PlanetLabGrid.PROPERTIES.length);
        String[] zones = {"zone=a", "zone=b", "zone=c", "zone=d"};
        long[] amounts = new long[3];
        long breakpoints = 0;
        for (int k = 0; k < resources; k++) {
            double[] capacity = PlanetLabGrid.drawCapacities(random);
            int node = catalogue.add(new Resource("node-" + k, Map.of("cores", capacity[0], "cpu_ghz", capacity[1],
                    "memory_gb", capacity[2]), Set.of(PlanetLabGrid.LABEL, zones[k & 3])));
            long cursor = random.nextInt(120) * MINUTE;
            for (int b = 0; b < reservationsPerResource; b++) {
                long length = (10 + random.nextInt(290)) * MINUTE;
                for (int i = 0; i < 3; i++) {
                    amounts[i] = Quantity.toMicros(capacity[i] * (0.2 + 0.7 * random.nextDouble()));
                }
                timetables.reserve(node, cursor, cursor + length, amounts);
                cursor += length + random.nextInt(30) * MINUTE; // appends: no array shifting
            }
            timetables.timetable(node).trim();
            breakpoints += timetables.timetable(node).breakpoints();
        }
        long buildNanos = System.nanoTime() - t0;
        long used = usedAfterGc(runtime) - baseline;
        System.out.printf("resources %,d, reservations/resource %d, breakpoints %,d (%.0f/resource)%n", resources,
                reservationsPerResource, breakpoints, (double) breakpoints / resources);
        System.out.printf("build %.1f s; heap used after GC %.2f GB = %.0f bytes/resource, %.1f bytes/breakpoint%n",
                buildNanos / 1e9, used / 1e9, (double) used / resources, (double) used / breakpoints);

        for (Algorithm algorithm : Algorithm.values()) {
            CoAllocator engine = new CoAllocator(catalogue, timetables,
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
