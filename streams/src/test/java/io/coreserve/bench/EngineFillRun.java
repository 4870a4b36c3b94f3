package io.coreserve.bench;

import io.coreserve.engine.allocation.ClosestFreeIntervals;
import io.coreserve.engine.allocation.CoAllocator;
import io.coreserve.engine.allocation.EngineConfig;
import io.coreserve.engine.allocation.Outcome;
import io.coreserve.engine.allocation.Plan;
import io.coreserve.engine.allocation.Rejection;
import io.coreserve.engine.catalogue.InMemoryCatalogue;
import io.coreserve.engine.model.PropertySchema;
import io.coreserve.engine.model.Request;
import io.coreserve.engine.timetable.InMemoryTimetables;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The engine alone as the books fill: the soak's requests ({@link BenchWorkload}) on the 606-node demo catalogue,
 * decided one after the other the way the reservation service decides them (allocate; when nothing is admissible
 * in the window, the closest free intervals over the counter-offer horizon), with no Kafka around it. One row per
 * batch: CPU time of the deciding thread per decision (less sensitive than wall time to other work on a shared
 * machine) and the share of each outcome. Not a test: run its main, e.g. with
 * {@code java -cp ... io.coreserve.bench.EngineFillRun 300000 20000 168 1000 keep window-known}: decisions, batch,
 * spread in hours, requests per simulated second (the clock advances by 1/rate per request), {@code forget} to
 * forget the past on every simulated minute, and {@code window-known} to give closestFree the window's outcome.
 * System properties: {@code -Dalgorithm=improved} (the pipeline's default; {@code paper} otherwise) and
 * {@code -DmeasureFrom=180000} (no closest-free searches before that decision: they book nothing, so the books fill
 * the same, sooner). At the end, the measured decisions by their cost ({@link DecisionCostTable}).
 */
final class EngineFillRun {

    private EngineFillRun() {
    }

    public static void main(String[] args) {
        int total = args.length > 0 ? Integer.parseInt(args[0]) : 300_000;
        int batch = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        int spreadHours = args.length > 2 ? Integer.parseInt(args[2]) : 168;
        int rate = args.length > 3 ? Integer.parseInt(args[3]) : 1_000;
        boolean forget = args.length > 4 && args[4].equals("forget");
        // "window-known": hand closestFree the window's outcome (the engine API since the soak work); anything else
        // calls it as the reservation service of main does, which searches the window again (and runs on main's
        // engine jar, which has only that method).
        boolean windowKnown = args.length > 5 && args[5].startsWith("window-known");
        // "window-known-single": and the searches before and after the window in a single pass (M = M_init).
        boolean singlePass = args.length > 5 && args[5].equals("window-known-single");
        // Closest-free searches book nothing, so skipping them before decision `measureFrom` fills the same books
        // sooner (-DmeasureFrom=180000 to look at full books only).
        int measureFrom = Integer.getInteger("measureFrom", 0);
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        // Bytes the deciding thread allocates: on a 2-core machine the collector's work for them competes with it.
        com.sun.management.ThreadMXBean heap = (com.sun.management.ThreadMXBean) cpu;
        long thread = Thread.currentThread().getId();
        long horizon = Duration.ofDays(7).toMillis();

        PropertySchema properties = PropertySchema.of(List.of("cores", "cpu_ghz", "memory_gb"));
        long start = FillingBooks.START;
        InMemoryCatalogue catalogue = FillingBooks.demoCatalogue(properties);
        InMemoryTimetables timetables = new InMemoryTimetables(catalogue.size(), properties.size());
        // -Dalgorithm=improved (the app's default) or paper (EngineConfig.defaults(), the paper's algorithm).
        EngineConfig config = EngineConfig.defaults().withAlgorithm(io.coreserve.engine.allocation.Algorithm
                .valueOf(System.getProperty("algorithm", "paper").toUpperCase(java.util.Locale.ROOT)));
        CoAllocator allocator = new CoAllocator(catalogue, timetables, config);
        BenchWorkload workload = new BenchWorkload("fill", 5, Duration.ofHours(spreadHours), 42L);

        System.out.printf("%10s %10s %10s %10s %10s %10s %10s %10s %12s  %s%n", "decided", "mean ms", "p50 ms",
                "p99 ms", "max ms", "closest ms", "window ms", "alloc KB", "breakpoints", "outcomes");
        long[] nanos = new long[batch];
        long closestNanos = 0;
        long allocateNanos = 0;
        long allocatedBefore = heap.getThreadAllocatedBytes(thread);
        Map<String, Integer> outcomes = new LinkedHashMap<>();
        // How far from the window the counter-offers lie (minutes), to see how much of the horizon a search needs.
        List<Long> afterGaps = new java.util.ArrayList<>();
        List<Long> beforeGaps = new java.util.ArrayList<>();
        long lastForget = start;
        long[] afterStats = new long[6];
        long[] beforeStats = new long[6];
        long digest = 17;                   // of every decision's outcome: runs of two engines compare batch by batch
        DecisionCostTable costs = new DecisionCostTable();
        for (int k = 0; k < total; k++) {
            long now = start + (long) k * 1000 / rate;
            if (forget && now - lastForget >= 60_000) {
                timetables.forgetBefore(now);
                lastForget = now;
            }
            Request request = FillingBooks.toEngine(workload.next(Instant.ofEpochMilli(now)), now);
            long t0 = cpu.getCurrentThreadCpuTime();
            long closestOfThis = 0;
            ClosestFreeIntervals closest = null;
            Outcome outcome = allocator.allocate(request);
            allocateNanos += cpu.getCurrentThreadCpuTime() - t0;
            String kind;
            if (outcome instanceof Plan) {
                kind = "ACCEPTED";
            } else {
                Rejection rejection = (Rejection) outcome;
                kind = rejection.reason().name();
                if (k >= measureFrom && FillingBooks.seeksClosestFree(rejection)) {
                    long c0 = cpu.getCurrentThreadCpuTime();
                    closest = singlePass
                            ? allocator.closestFree(request, outcome, now, horizon, EngineConfig.defaults().mInit())
                            : windowKnown ? allocator.closestFree(request, outcome, now, horizon)
                            : allocator.closestFree(request, now, horizon);
                    closestOfThis = cpu.getCurrentThreadCpuTime() - c0;
                    closestNanos += closestOfThis;
                    kind = closest.earliestAfter() != null || closest.latestBefore() != null
                            ? "COUNTER_OFFER/" + rejection.reason().name() : kind;
                    digest = FillingBooks.withCounterOffer(digest, rejection, closest);
                    addStats(closest.earliestAfter(), afterStats);
                    addStats(closest.latestBefore(), beforeStats);
                    if (closest.earliestAfter() != null) {
                        afterGaps.add((closest.earliestAfter().start() - request.latestStart()) / 60_000L);
                    }
                    if (closest.latestBefore() != null) {
                        beforeGaps.add((request.earliestStart() - closest.latestBefore().start()) / 60_000L);
                    }
                }
            }
            if (outcome instanceof Plan plan) {
                digest = FillingBooks.withPlan(digest, plan);
            }
            nanos[k % batch] = cpu.getCurrentThreadCpuTime() - t0;
            if (k >= measureFrom) {
                costs.add(nanos[k % batch], closestOfThis, outcome instanceof Plan, request.durationMillis(),
                        closest == null || closest.earliestAfter() == null ? null : closest.earliestAfter().stats(),
                        closest == null || closest.latestBefore() == null ? null : closest.latestBefore().stats());
            }
            outcomes.merge(kind, 1, Integer::sum);
            if ((k + 1) % batch == 0) {
                long[] sorted = nanos.clone();
                java.util.Arrays.sort(sorted);
                double mean = java.util.Arrays.stream(sorted).average().orElse(0) / 1e6;
                long breakpoints = 0;
                for (int r = 0; r < catalogue.size(); r++) {
                    breakpoints += timetables.timetable(r).breakpoints();   // (not InMemoryTimetables.breakpoints(): main lacks it)
                }
                long allocated = heap.getThreadAllocatedBytes(thread);
                System.out.printf("%10d %10.3f %10.3f %10.3f %10.1f %10.3f %10.3f %10.1f %12d  %s%n", k + 1, mean,
                        sorted[batch / 2] / 1e6, sorted[(int) (batch * 0.99)] / 1e6, sorted[batch - 1] / 1e6,
                        closestNanos / 1e6 / batch, allocateNanos / 1e6 / batch,
                        (allocated - allocatedBefore) / 1024.0 / batch, breakpoints, outcomes);
                allocatedBefore = allocated;
                System.out.printf("%10s digest of the decisions so far %016x%n", "", digest);
                System.out.printf("%10s counter-offer distance from the window, minutes: after %s, before %s%n", "",
                        quantiles(afterGaps), quantiles(beforeGaps));
                printStats("after", afterStats);
                printStats("before", beforeStats);
                afterGaps.clear();
                beforeGaps.clear();
                outcomes.clear();
                closestNanos = 0;
                allocateNanos = 0;
            }
        }
        System.out.printf("%nThe measured decisions (from decision %d on) by their CPU time:%n", measureFrom + 1);
        costs.print(System.out);
    }

    /** Adds a found counter-offer's search statistics to {@code stats} (candidates, |T|, tried, III, IV, count). */
    private static void addStats(Plan found, long[] stats) {
        if (found != null) {
            io.coreserve.engine.allocation.SearchStats st = found.stats();
            stats[0] += st.candidates();
            stats[1] += st.startTimeCandidates();
            stats[2] += st.startTimesTried();
            stats[3] += st.startTimesNanos();
            stats[4] += st.selectionNanos();
            stats[5]++;
        }
    }

    /** The means of {@code stats} (see {@link #addStats}) for the searches that found a counter-offer; then zeroes. */
    private static void printStats(String which, long[] stats) {
        if (stats[5] > 0) {
            System.out.printf("%10s %s-search means (%d found): candidates %d, |T| %d, tried %d, phase III %.2f ms,"
                    + " phase IV %.2f ms%n", "", which, stats[5], stats[0] / stats[5], stats[1] / stats[5],
                    stats[2] / stats[5], stats[3] / 1e6 / stats[5], stats[4] / 1e6 / stats[5]);
        }
        java.util.Arrays.fill(stats, 0);
    }

    private static String quantiles(List<Long> values) {
        if (values.isEmpty()) {
            return "none";
        }
        List<Long> sorted = values.stream().sorted().toList();
        return String.format("n=%d p10=%d p50=%d p90=%d max=%d", sorted.size(), sorted.get(sorted.size() / 10),
                sorted.get(sorted.size() / 2), sorted.get(sorted.size() * 9 / 10), sorted.get(sorted.size() - 1));
    }
}
