package io.coreserve.offers.policy;

import io.coreserve.offers.agent.ProviderAgent;
import io.coreserve.offers.job.Allocation;
import io.coreserve.offers.job.GridJob;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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
        List<Allocation> placed = new ArrayList<>();
        while (!queue.isEmpty()) {
            Optional<Allocation> a = startOnOneCluster(queue.get(0), now);
            if (a.isEmpty()) {
                break;
            }
            placed.add(a.get());
            queue.remove(0);
        }
        return placed;
    }
}
