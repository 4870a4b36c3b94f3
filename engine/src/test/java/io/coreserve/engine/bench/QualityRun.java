package io.coreserve.engine.bench;

import io.coreserve.engine.allocation.Algorithm;
import io.coreserve.engine.allocation.CoAllocator;
import io.coreserve.engine.allocation.EngineConfig;
import io.coreserve.engine.allocation.Outcome;
import io.coreserve.engine.allocation.Plan;
import io.coreserve.engine.model.Request;
import java.util.List;

/**
 * Solution quality on the 606-node instance, as in Table 2: for each N, 90 independent requests (each probed
 * on the same background), solved count, mean start, mean utilisation factor U at t_s after booking, and the
 * mean search time; PAPER vs IMPROVED on collective requests, and PAPER on simple requests (e_i = d_i / N).
 */
final class QualityRun {

    private QualityRun() {
    }

    static void run() {
        PlanetLabGrid grid = PlanetLabGrid.build(606, 40, 2010_08_18L);
        System.out.printf("%-4s %-22s %7s %12s %9s %12s%n", "N", "variant", "solved", "mean start h", "mean U",
                "mean ms/req");
        for (int n : new int[] {2, 5, 10, 15, 30, 60}) {
            List<Request> collective = PlanetLabGrid.requests(n, 90, 17L * n, false);
            List<Request> simple = PlanetLabGrid.requests(n, 90, 17L * n, true);
            report(grid, n, "PAPER collective", Algorithm.PAPER, collective);
            report(grid, n, "IMPROVED collective", Algorithm.IMPROVED, collective);
            report(grid, n, "PAPER simple", Algorithm.PAPER, simple);
        }
    }

    private static void report(PlanetLabGrid grid, int n, String name, Algorithm algorithm, List<Request> requests) {
        CoAllocator engine = new CoAllocator(grid.catalogue, grid.timetables,
                EngineConfig.defaults().withM(3, 3).withAlgorithm(algorithm)
                        .withImprovedPool(Integer.getInteger("improvedPool", EngineConfig.defaults().improvedPool())));
        for (int warm = 0; warm < 3; warm++) {
            requests.forEach(engine::probe);
        }
        int solved = 0;
        double start = 0;
        double utilisation = 0;
        long nanos = 0;
        long[] phases = new long[5];
        long tried = 0;
        for (Request request : requests) {
            long t = System.nanoTime();
            Outcome outcome = engine.probe(request);
            nanos += System.nanoTime() - t;
            var stats = outcome.stats();
            phases[0] += stats.discoveryNanos();
            phases[1] += stats.examinationNanos();
            phases[2] += stats.startTimesNanos();
            phases[3] += stats.selectionNanos();
            phases[4] += stats.optimisationNanos();
            tried += stats.startTimesTried();
            if (outcome instanceof Plan plan) {
                solved++;
                start += plan.start() / 3_600_000.0;
                utilisation += plan.utilisation();
            }
        }
        System.out.printf("%-4d %-22s %4d/%-2d %12.2f %9.4f %12.3f%n", n, name, solved, requests.size(),
                solved == 0 ? Double.NaN : start / solved, solved == 0 ? Double.NaN : utilisation / solved,
                nanos / 1e6 / requests.size());
        System.out.printf("     per phase I-V ms/req: %.3f %.3f %.3f %.3f %.3f; start times tried/req %.1f%n",
                phases[0] / 1e6 / requests.size(), phases[1] / 1e6 / requests.size(),
                phases[2] / 1e6 / requests.size(), phases[3] / 1e6 / requests.size(),
                phases[4] / 1e6 / requests.size(), (double) tried / requests.size());
    }
}
