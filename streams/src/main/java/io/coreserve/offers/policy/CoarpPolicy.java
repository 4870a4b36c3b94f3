package io.coreserve.offers.policy;

import io.coreserve.offers.agent.ProviderAgent;
import io.coreserve.offers.job.Allocation;
import io.coreserve.offers.job.GridJob;
import io.coreserve.offers.metascheduler.Metascheduler;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * Co-allocation with offers and advance reservation planning (COARP, seed 001 section 3): when a job
 * arrives, the metascheduler asks every provider for an offer (Algorithm 1), composes the slots that
 * finish first (Algorithm 2) and reserves them, possibly in the future and on several clusters. A job is
 * therefore placed at its arrival; it waits in the global queue only if the offers cannot cover it, and is
 * then tried again at every later event (section 3.2).
 */
public final class CoarpPolicy extends QueuedPolicy {

    private final Metascheduler metascheduler;

    public CoarpPolicy(List<ProviderAgent> providers) {
        super(providers);
        this.metascheduler = new Metascheduler(providers);
    }

    @Override
    public String name() {
        return "COARP";
    }

    @Override
    public boolean canEverPlace(GridJob job) {
        return fitsGrid(job);
    }

    @Override
    public List<Allocation> dispatch(long now) {
        List<Allocation> placed = new ArrayList<>();
        for (Iterator<GridJob> it = queue.iterator(); it.hasNext(); ) {
            Optional<Allocation> a = metascheduler.coAllocate(it.next(), now);
            if (a.isPresent()) {
                placed.add(a.get());
                it.remove();
            }
        }
        return placed;
    }
}
