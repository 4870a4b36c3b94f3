package io.coreserve.evaluation.offers;

import io.coreserve.offers.grid.Grid;
import io.coreserve.offers.job.GridJob;
import io.coreserve.offers.job.JobLengthModel;
import io.coreserve.offers.policy.PolicyKind;
import io.coreserve.offers.simulation.GridSimulation;
import io.coreserve.offers.simulation.ScheduleMetrics;
import io.coreserve.trace.swf.TraceJob;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs every policy on the first k jobs of a trace for each k of a series (step, 2 step, ..., all jobs).
 * Deterministic: the same trace and settings give the same numbers.
 */
public final class OffersEvaluation {

    /**
     * @param loadFactor divides the gaps between submissions: 2 submits the same jobs twice as fast
     *                   (1 replays the trace's own arrival times)
     * @param step       the series of job counts goes up in this step; 0 or less: only all jobs
     */
    public record Settings(Grid grid, JobLengthModel lengths, double loadFactor, int step, Set<PolicyKind> policies) {
        public Settings {
            if (!(loadFactor > 0)) {
                throw new IllegalArgumentException("the load factor must be positive");
            }
            policies = Set.copyOf(policies);
        }
    }

    /** Told after each simulation run. */
    @FunctionalInterface
    public interface Progress {
        void runFinished(int jobs, PolicyKind policy, ScheduleMetrics metrics, Duration took, int runsDone, int runsTotal);
    }

    private OffersEvaluation() {
    }

    public static OffersEvaluationResult evaluate(List<TraceJob> trace, Settings settings, Progress progress) {
        long started = System.nanoTime();
        List<GridJob> jobs = toGridJobs(trace, settings.lengths(), settings.loadFactor());
        List<Integer> counts = jobCounts(jobs.size(), settings.step());
        List<PolicyKind> policies = List.of(PolicyKind.values()).stream().filter(settings.policies()::contains).toList();
        Map<PolicyKind, List<ScheduleMetrics>> series = new EnumMap<>(PolicyKind.class);
        Map<PolicyKind, Duration> fullRunTime = new EnumMap<>(PolicyKind.class);
        int total = counts.size() * policies.size();
        int done = 0;
        for (int k : counts) {
            List<GridJob> prefix = jobs.subList(0, k);
            for (PolicyKind kind : policies) {
                long t0 = System.nanoTime();
                ScheduleMetrics m = ScheduleMetrics.of(GridSimulation.run(settings.grid(), prefix, kind));
                Duration took = Duration.ofNanos(System.nanoTime() - t0);
                series.computeIfAbsent(kind, x -> new ArrayList<>()).add(m);
                if (k == jobs.size()) {
                    fullRunTime.put(kind, took);
                }
                progress.runFinished(k, kind, m, took, ++done, total);
            }
        }
        return new OffersEvaluationResult(jobs.size(), counts, series, fullRunTime,
                Duration.ofNanos(System.nanoTime() - started));
    }

    /**
     * Trace jobs as grid jobs in submission order, submission times counted from the first job's and
     * divided by the load factor.
     */
    public static List<GridJob> toGridJobs(List<TraceJob> trace, JobLengthModel lengths, double loadFactor) {
        List<TraceJob> sorted = new ArrayList<>(trace);
        sorted.sort(Comparator.comparingLong(TraceJob::submitSeconds)); // stable: file order among equal times
        long first = sorted.isEmpty() ? 0 : sorted.get(0).submitSeconds();
        List<GridJob> jobs = new ArrayList<>(sorted.size());
        for (TraceJob t : sorted) {
            long submit = Math.round((t.submitSeconds() - first) / loadFactor);
            jobs.add(lengths.toGridJob(t, submit));
        }
        return jobs;
    }

    /** step, 2 step, ... below total, then total; only total if step is 0 or less. */
    public static List<Integer> jobCounts(int total, int step) {
        List<Integer> counts = new ArrayList<>();
        if (step > 0) {
            for (int k = step; k < total; k += step) {
                counts.add(k);
            }
        }
        if (total > 0) {
            counts.add(total);
        }
        return counts;
    }
}
