package io.coreserve.evaluation.coreservation;

import io.coreserve.engine.srl.CoReservationModel;
import io.coreserve.engine.srl.ListingOneInstances;
import io.coreserve.engine.srl.Solution;
import io.coreserve.engine.srl.SolverStatus;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs the grid of section 6 (Table 2): for every number of resources and of candidates, {@code repetitions}
 * seeded instances (spec 6.3's rebuild, {@link ListingOneInstances}), each solved by every formulation asked for and
 * always by the oracle, which grades them. Sequential, one thread, as the paper ran its experiments.
 */
public final class CoreservationEvaluation {

    /** Table 2 as a whole, or the CI-sized corner of it. */
    public enum Grid {
        SMALL(new int[] {1, 2, 3, 4, 5}, new int[] {7, 12, 23, 34, 67}),
        TABLE2(ListingOneInstances.RESOURCES, ListingOneInstances.CANDIDATES);

        final int[] resources;
        final int[] candidates;

        Grid(int[] resources, int[] candidates) {
            this.resources = resources;
            this.candidates = candidates;
        }

        public int[] resources() {
            return resources.clone();
        }

        public int[] candidates() {
            return candidates.clone();
        }
    }

    /** A time-out: which formulation, where, and what it had. */
    public record Timeout(Formulation formulation, int resources, int candidates, int repetition, SolverStatus status,
            double millis) {
    }

    /** What a run produced. */
    public record Result(List<GridPoint> points, List<Timeout> timeouts, List<Formulation> formulations, long seed,
            int repetitions, double timeLimitSeconds, double seconds) {

        public int instances() {
            return points.stream().mapToInt(GridPoint::repetitions).sum();
        }

        public int mismatches() {
            return points.stream().mapToInt(p -> p.mismatches().values().stream().mapToInt(Integer::intValue).sum()).sum();
        }
    }

    private final List<Formulation> formulations;
    private final int repetitions;
    private final long seed;
    private final double timeLimitSeconds;

    public CoreservationEvaluation(List<Formulation> formulations, int repetitions, long seed, double timeLimitSeconds) {
        this.formulations = List.copyOf(formulations);
        this.repetitions = repetitions;
        this.seed = seed;
        this.timeLimitSeconds = timeLimitSeconds;
    }

    public Result run(int[] resources, int[] candidates, Consumer<GridPoint> progress) {
        long started = System.nanoTime();
        // Warm-up (class loading, the native library, the JIT), not counted: the paper's first solve paid no JVM.
        CoReservationModel warmUp = ListingOneInstances.generate(2, 12, seed, false, 10_000);
        for (int i = 0; i < 3; i++) {
            formulations.forEach(f -> f.solver(timeLimitSeconds).solve(warmUp));
        }
        List<GridPoint> points = new ArrayList<>();
        List<Timeout> timeouts = new ArrayList<>();
        for (int n : resources) {
            for (int c : candidates) {
                GridPoint point = point(n, c, timeouts);
                points.add(point);
                progress.accept(point);
            }
        }
        return new Result(points, timeouts, formulations, seed, repetitions, timeLimitSeconds,
                (System.nanoTime() - started) / 1e9);
    }

    private GridPoint point(int n, int c, List<Timeout> timeouts) {
        Map<Formulation, Double> sum = new EnumMap<>(Formulation.class);
        Map<Formulation, Double> max = new EnumMap<>(Formulation.class);
        Map<Formulation, Integer> optimal = new EnumMap<>(Formulation.class);
        Map<Formulation, Integer> mismatches = new EnumMap<>(Formulation.class);
        Map<Formulation, Integer> timedOut = new EnumMap<>(Formulation.class);
        for (int rep = 0; rep < repetitions; rep++) {
            CoReservationModel model = ListingOneInstances.generate(n, c, instanceSeed(n, c, rep), false, 10_000);
            Solution oracle = Formulation.ORACLE.solver(timeLimitSeconds).solve(model);
            for (Formulation f : formulations) {
                Solution s = f == Formulation.ORACLE ? oracle : f.solver(timeLimitSeconds).solve(model);
                sum.merge(f, s.millis(), Double::sum);
                max.merge(f, s.millis(), Math::max);
                boolean proven = s.status() == SolverStatus.OPTIMAL || s.status() == SolverStatus.INFEASIBLE;
                optimal.merge(f, proven ? 1 : 0, Integer::sum);
                boolean differs = s.status() != oracle.status()
                        || (s.status() == SolverStatus.OPTIMAL && s.objective() != oracle.objective());
                mismatches.merge(f, proven && differs ? 1 : 0, Integer::sum);
                timedOut.merge(f, proven ? 0 : 1, Integer::sum);
                if (!proven) {
                    timeouts.add(new Timeout(f, n, c, rep, s.status(), s.millis()));
                }
            }
        }
        Map<Formulation, Double> mean = new EnumMap<>(Formulation.class);
        sum.forEach((f, total) -> mean.put(f, total / repetitions));
        return new GridPoint(n, c, ListingOneInstances.variables(n, c), repetitions, mean, max, optimal, mismatches,
                timedOut);
    }

    /** The instance's seed: the run's seed mixed with its place in the grid (SplitMix64 finaliser). */
    long instanceSeed(int n, int c, int rep) {
        long h = seed * 0x9E3779B97F4A7C15L + n * 1_000_003L + c * 1_009L + rep;
        h = (h ^ (h >>> 30)) * 0xbf58476d1ce4e5b9L;
        h = (h ^ (h >>> 27)) * 0x94d049bb133111ebL;
        return h ^ (h >>> 31);
    }
}
