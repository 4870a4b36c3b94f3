package io.coreserve.offers.policy;

import io.coreserve.offers.agent.Offer;
import io.coreserve.offers.agent.ProviderAgent;
import io.coreserve.offers.agent.Slot;
import io.coreserve.offers.job.Allocation;
import io.coreserve.offers.job.GridJob;
import io.coreserve.offers.metascheduler.Metascheduler;
import io.coreserve.offers.metascheduler.OfferComposer;
import io.coreserve.offers.metascheduler.SlotTake;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Simple co-allocation without offers (SCOAL; seed 001 names it but does not define it). Our reading:
 * the metascheduler reads the processors free now on every cluster (as from a grid information service),
 * and starts the head job of its queue as soon as the free processors of all clusters together cover it,
 * splitting it across clusters; nothing is reserved in the future, and jobs start in submission order
 * (a head job that cannot start blocks the queue). Processors are taken with the same rule as COARP's
 * Algorithm 2 (earliest finish first), so the only differences from COARP are the offers and the advance
 * reservations.
 */
public final class ScoalPolicy extends QueuedPolicy {

    public ScoalPolicy(List<ProviderAgent> providers) {
        super(providers);
    }

    @Override
    public String name() {
        return "SCOAL";
    }

    @Override
    public boolean canEverPlace(GridJob job) {
        return fitsGrid(job);
    }

    @Override
    public List<Allocation> dispatch(long now) {
        return startHeadJobsWhileTheyFit(now, this::startNow);
    }

    private Optional<Allocation> startNow(GridJob job, long now) {
        List<Offer> freeNow = new ArrayList<>(providers.size());
        for (ProviderAgent p : providers) {
            long d = job.plannedSeconds(p.cluster().mips());
            int free = p.profile().minFree(now, now + d);
            freeNow.add(new Offer(p.id(), job.id(), free > 0 ? List.of(new Slot(p.id(), 1, now, free, d)) : List.of()));
        }
        Optional<List<SlotTake>> takes = OfferComposer.compose(job.processors(), freeNow);
        return takes.flatMap(t -> Metascheduler.reserve(job, t, providers));
    }
}
