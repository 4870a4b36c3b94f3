package io.coreserve.evaluation.offers;

import io.coreserve.offers.policy.PolicyKind;
import io.coreserve.offers.simulation.ScheduleMetrics;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The metrics of every policy at every job count.
 *
 * @param series      per policy, the metrics for each of {@code jobCounts}, in that order
 * @param fullRunTime per policy, the wall-clock time of its run on all jobs
 */
public record OffersEvaluationResult(int jobs, List<Integer> jobCounts, Map<PolicyKind, List<ScheduleMetrics>> series,
                                     Map<PolicyKind, Duration> fullRunTime, Duration elapsed) {

    public OffersEvaluationResult {
        jobCounts = List.copyOf(jobCounts);
        Map<PolicyKind, List<ScheduleMetrics>> copy = new EnumMap<>(PolicyKind.class);
        series.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        series = java.util.Collections.unmodifiableMap(copy);
        Map<PolicyKind, Duration> times = new EnumMap<>(PolicyKind.class);
        times.putAll(fullRunTime);
        fullRunTime = java.util.Collections.unmodifiableMap(times);
    }

    /** The policies evaluated, in the paper's order. */
    public List<PolicyKind> policies() {
        return List.copyOf(series.keySet());
    }

    /** A policy's metrics on all jobs. */
    public ScheduleMetrics full(PolicyKind policy) {
        List<ScheduleMetrics> s = series.get(policy);
        return s.get(s.size() - 1);
    }
}
