package io.coreserve.offers.metascheduler;

import io.coreserve.offers.agent.Offer;
import io.coreserve.offers.agent.OfferRequest;
import io.coreserve.offers.agent.ProviderAgent;
import io.coreserve.offers.agent.Reservation;
import io.coreserve.offers.job.Allocation;
import io.coreserve.offers.job.GridJob;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The metascheduler of seed 001 (Figure 2, Algorithm 2): asks every provider for an offer, composes the
 * best slots with {@link OfferComposer} and sends one advance reservation per chosen slot.
 *
 * <p>If a provider refuses a reservation (its list changed since it made the offer, which can only
 * happen when requests interleave, as they may in a stream), the reservations already accepted for the
 * job are cancelled and the job stays queued, to be tried again.
 */
public final class Metascheduler {

    private final List<ProviderAgent> providers;

    public Metascheduler(List<ProviderAgent> providers) {
        this.providers = List.copyOf(providers);
    }

    /** Lines 1-5: one offer per provider, slots starting at {@code now} or later. */
    public List<Offer> collectOffers(GridJob job, long now) {
        OfferRequest request = new OfferRequest(job.id(), job.lengthMi(), job.processors(), now);
        List<Offer> offers = new ArrayList<>(providers.size());
        for (ProviderAgent provider : providers) {
            offers.add(provider.offer(request));
        }
        return offers;
    }

    /** Algorithm 2 for one job: the reservations made, or empty if the job must wait. */
    public Optional<Allocation> coAllocate(GridJob job, long now) {
        Optional<List<SlotTake>> best = OfferComposer.compose(job.processors(), collectOffers(job, now));
        if (best.isEmpty()) {
            return Optional.empty();
        }
        return reserve(job, best.get(), providers);
    }

    /** Lines 19-23: sendAR for every chosen slot; all or nothing. */
    public static Optional<Allocation> reserve(GridJob job, List<SlotTake> takes, List<ProviderAgent> providers) {
        List<Reservation> accepted = new ArrayList<>(takes.size());
        for (SlotTake take : takes) {
            ProviderAgent provider = providers.get(take.slot().provider());
            Optional<Reservation> r = provider.reserve(job.id(), take.slot().start(), take.processors(), take.slot().duration());
            if (r.isEmpty()) {
                for (Reservation done : accepted) {
                    providers.get(done.provider()).release(done, done.start());
                }
                return Optional.empty();
            }
            accepted.add(r.get());
        }
        return Optional.of(new Allocation(job, accepted));
    }
}
