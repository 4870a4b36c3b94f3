package io.coreserve.offers.policy;

import io.coreserve.offers.agent.ProviderAgent;
import io.coreserve.offers.job.Allocation;
import io.coreserve.offers.job.GridJob;

import java.util.List;

/**
 * First Come First Served: jobs start in submission order, each on one cluster; while the job at the
 * head of the queue cannot start, no job behind it starts.
 */
public final class FcfsPolicy extends QueuedPolicy {

    public FcfsPolicy(List<ProviderAgent> providers) {
        super(providers);
    }

    @Override
    public String name() {
        return "FCFS";
    }

    @Override
    public boolean canEverPlace(GridJob job) {
        return fitsOneCluster(job);
    }

    @Override
    public List<Allocation> dispatch(long now) {
        return startHeadJobsWhileTheyFit(now);
    }
}
