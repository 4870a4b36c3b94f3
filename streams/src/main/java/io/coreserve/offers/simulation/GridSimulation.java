package io.coreserve.offers.simulation;

import io.coreserve.offers.agent.ProviderAgent;
import io.coreserve.offers.agent.Reservation;
import io.coreserve.offers.grid.Grid;
import io.coreserve.offers.job.Allocation;
import io.coreserve.offers.job.GridJob;
import io.coreserve.offers.policy.PolicyKind;
import io.coreserve.offers.policy.SchedulingPolicy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Replays jobs on a grid under one policy, event by event: the events are job arrivals and the actual
 * ends of job parts. At each event time the ends are handled first (the unused rest of a part's
 * reservation is given back to its provider), then the arrivals, then the policy places what it can.
 * A part runs from its reserved start for the job's actual length at that cluster's speed.
 * Deterministic: ties are broken by submission order, then job id.
 */
public final class GridSimulation {

    private GridSimulation() {
    }

    private record PartEnd(long time, long sequence, Reservation part) {
    }

    public static SimulationResult run(Grid grid, List<GridJob> jobs, PolicyKind kind) {
        List<GridJob> arrivals = new ArrayList<>(jobs);
        arrivals.sort(Comparator.comparingLong(GridJob::submitSeconds).thenComparingLong(GridJob::id));
        long origin = arrivals.isEmpty() ? 0 : arrivals.get(0).submitSeconds();
        List<ProviderAgent> providers = new ArrayList<>();
        for (int c = 0; c < grid.size(); c++) {
            providers.add(new ProviderAgent(c, grid.cluster(c), origin));
        }
        SchedulingPolicy policy = kind.create(providers);

        PriorityQueue<PartEnd> ends = new PriorityQueue<>(
                Comparator.comparingLong(PartEnd::time).thenComparingLong(PartEnd::sequence));
        long sequence = 0;
        long[] busy = new long[grid.size()];
        List<JobOutcome> outcomes = new ArrayList<>(arrivals.size());
        List<Allocation> allocations = new ArrayList<>(arrivals.size());
        List<Long> rejected = new ArrayList<>();
        int next = 0;
        while (next < arrivals.size() || !ends.isEmpty()) {
            long now = Math.min(next < arrivals.size() ? arrivals.get(next).submitSeconds() : Long.MAX_VALUE,
                    ends.isEmpty() ? Long.MAX_VALUE : ends.peek().time());
            for (ProviderAgent p : providers) {
                p.advanceTo(now);
            }
            while (!ends.isEmpty() && ends.peek().time() == now) {
                Reservation part = ends.poll().part();
                providers.get(part.provider()).release(part, now);
            }
            while (next < arrivals.size() && arrivals.get(next).submitSeconds() == now) {
                GridJob job = arrivals.get(next++);
                if (policy.canEverPlace(job)) {
                    policy.submit(job, now);
                } else {
                    rejected.add(job.id());
                }
            }
            for (Allocation a : policy.dispatch(now)) {
                GridJob job = a.job();
                long start = Long.MAX_VALUE;
                long finish = Long.MIN_VALUE;
                for (Reservation part : a.parts()) {
                    if (part.start() < now || part.start() < job.submitSeconds()) {
                        throw new IllegalStateException(kind + " placed job " + job.id() + " in the past: " + part);
                    }
                    long end = part.start() + job.actualSeconds(grid.cluster(part.provider()).mips());
                    if (end > part.end()) {
                        throw new IllegalStateException("job " + job.id() + " would overrun its reservation " + part);
                    }
                    ends.add(new PartEnd(end, sequence++, part));
                    busy[part.provider()] += (long) part.processors() * (end - part.start());
                    start = Math.min(start, part.start());
                    finish = Math.max(finish, end);
                }
                int clusters = (int) a.parts().stream().mapToInt(Reservation::provider).distinct().count();
                outcomes.add(new JobOutcome(job.id(), job.submitSeconds(), start, finish, job.processors(),
                        clusters, a.parts().size()));
                allocations.add(a);
            }
        }
        List<Long> unplaced = new ArrayList<>();
        if (policy.waiting() > 0) {
            // only a policy that can never place a job it accepted leaves jobs here
            arrivals.stream().map(GridJob::id)
                    .filter(id -> outcomes.stream().noneMatch(o -> o.jobId() == id) && !rejected.contains(id))
                    .forEach(unplaced::add);
        }
        return new SimulationResult(policy.name(), grid, outcomes, allocations, busy, rejected, unplaced);
    }
}
