package io.coreserve.offers.policy;

import io.coreserve.offers.agent.ProviderAgent;
import io.coreserve.offers.agent.Reservation;
import io.coreserve.offers.job.Allocation;
import io.coreserve.offers.job.GridJob;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** What the policies share: the metascheduler's global queue and the provider agents. */
abstract class QueuedPolicy implements SchedulingPolicy {

    protected final List<ProviderAgent> providers;
    protected final List<GridJob> queue = new ArrayList<>();

    QueuedPolicy(List<ProviderAgent> providers) {
        this.providers = List.copyOf(providers);
    }

    @Override
    public void submit(GridJob job, long now) {
        queue.add(job);
    }

    @Override
    public int waiting() {
        return queue.size();
    }

    /** Single-cluster policies: the job must fit one cluster. */
    protected boolean fitsOneCluster(GridJob job) {
        return providers.stream().anyMatch(p -> p.cluster().processors() >= job.processors());
    }

    /** Co-allocating policies: the job must fit the whole grid. */
    protected boolean fitsGrid(GridJob job) {
        return providers.stream().mapToInt(p -> p.cluster().processors()).sum() >= job.processors();
    }

    /**
     * Starts the job now on the one cluster where it would finish first among those with its
     * processors free for its whole planned duration, if any.
     */
    protected Optional<Allocation> startOnOneCluster(GridJob job, long now) {
        ProviderAgent best = null;
        long bestFinish = Long.MAX_VALUE;
        for (ProviderAgent p : providers) {
            if (p.cluster().processors() < job.processors() || p.profile().freeAt(now) < job.processors()) {
                continue; // cheap checks first
            }
            long d = job.plannedSeconds(p.cluster().mips());
            if (now + d < bestFinish && p.profile().minFree(now, now + d) >= job.processors()) {
                best = p;
                bestFinish = now + d;
            }
        }
        if (best == null) {
            return Optional.empty();
        }
        Reservation r = best.reserve(job.id(), now, job.processors(), job.plannedSeconds(best.cluster().mips()))
                .orElseThrow(() -> new IllegalStateException("a free cluster refused a reservation"));
        return Optional.of(new Allocation(job, List.of(r)));
    }

    /** The most processors free now on one cluster: no job wider than this can start now on one cluster. */
    /** Starts queued jobs from the head, in order, as long as the head fits one cluster now (first come, first served). */
    protected List<Allocation> startHeadJobsWhileTheyFit(long now) {
        return startHeadJobsWhileTheyFit(now, this::startOnOneCluster);
    }

    /** The same, placing each head job with {@code placement}; stops at the first job it cannot place now. */
    protected List<Allocation> startHeadJobsWhileTheyFit(long now,
            java.util.function.BiFunction<GridJob, Long, Optional<Allocation>> placement) {
        List<Allocation> placed = new ArrayList<>();
        while (!queue.isEmpty()) {
            Optional<Allocation> a = placement.apply(queue.get(0), now);
            if (a.isEmpty()) {
                break;
            }
            placed.add(a.get());
            queue.remove(0);
        }
        return placed;
    }

    protected int mostFreeNow(long now) {
        int max = 0;
        for (ProviderAgent p : providers) {
            max = Math.max(max, p.profile().freeAt(now));
        }
        return max;
    }
}
