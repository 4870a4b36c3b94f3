package io.coreserve.offers.policy;

import io.coreserve.offers.agent.ProviderAgent;
import io.coreserve.offers.job.Allocation;
import io.coreserve.offers.job.GridJob;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * Fit Processors First Served (seed 001 names it "Fit Processor First Served" without defining it; we
 * use the usual definition, Aida 2000): the queue is scanned in submission order and every job whose
 * processors fit the free processors of a cluster now is started; jobs that do not fit are passed over
 * without any reservation, so wide jobs can be overtaken indefinitely.
 */
public final class FpfsPolicy extends QueuedPolicy {

    public FpfsPolicy(List<ProviderAgent> providers) {
        super(providers);
    }

    @Override
    public String name() {
        return "FPFS";
    }

    @Override
    public boolean canEverPlace(GridJob job) {
        return fitsOneCluster(job);
    }

    @Override
    public List<Allocation> dispatch(long now) {
        List<Allocation> placed = new ArrayList<>();
        int mostFree = mostFreeNow(now);
        for (Iterator<GridJob> it = queue.iterator(); it.hasNext() && mostFree > 0; ) {
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
        return placed;
    }
}
