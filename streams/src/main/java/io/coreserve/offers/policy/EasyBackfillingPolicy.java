package io.coreserve.offers.policy;

import io.coreserve.offers.agent.ProviderAgent;
import io.coreserve.offers.agent.Reservation;
import io.coreserve.offers.job.Allocation;
import io.coreserve.offers.job.GridJob;

import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * EASY backfilling (Lifka 1995; "EBF" in seed 001): jobs start in submission order as in FCFS; when the
 * head job cannot start, it gets a reservation at the earliest time its processors are free on one
 * cluster (earliest finish over clusters), computed from the planned (estimated) ends of the running
 * jobs, and any later job that can start now without delaying that reservation is started ("backfilled").
 * Only the head job is protected. The reservation is made anew at every scheduling event.
 */
public final class EasyBackfillingPolicy extends QueuedPolicy {

    public EasyBackfillingPolicy(List<ProviderAgent> providers) {
        super(providers);
    }

    @Override
    public String name() {
        return "EASY";
    }

    @Override
    public boolean canEverPlace(GridJob job) {
        return fitsOneCluster(job);
    }

    @Override
    public List<Allocation> dispatch(long now) {
        List<Allocation> placed = startHeadJobsWhileTheyFit(now);
        if (queue.size() < 2) {
            return placed;
        }
        // protect the head job: hold its earliest reservation in the list while backfilling
        Reservation head = reserveHead(queue.get(0), now);
        try {
            int mostFree = mostFreeNow(now);
            Iterator<GridJob> it = queue.iterator();
            it.next();
            while (it.hasNext() && mostFree > 0) {
                GridJob job = it.next();
                if (job.processors() > mostFree) {
                    continue;
                }
                Optional<Allocation> a = startOnOneCluster(job, now);
                if (a.isPresent()) {
                    placed.add(a.get());
                    it.remove();
                    mostFree = mostFreeNow(now);
                }
            }
        } finally {
            providers.get(head.provider()).release(head, head.start());
        }
        return placed;
    }

    private Reservation reserveHead(GridJob job, long now) {
        ProviderAgent best = null;
        long bestStart = -1;
        long bestFinish = Long.MAX_VALUE;
        for (ProviderAgent p : providers) {
            long d = job.plannedSeconds(p.cluster().mips());
            long s = p.profile().earliestStart(now, d, job.processors());
            if (s >= 0 && s + d < bestFinish) {
                best = p;
                bestStart = s;
                bestFinish = s + d;
            }
        }
        if (best == null) {
            throw new IllegalStateException("job " + job.id() + " fits no cluster; it should have been rejected");
        }
        return best.reserve(job.id(), bestStart, job.processors(), bestFinish - bestStart)
                .orElseThrow(() -> new IllegalStateException("the head job's earliest slot was refused"));
    }
}
