package io.coreserve.reservation;

import io.coreserve.engine.allocation.Outcome;
import io.coreserve.engine.allocation.Plan;
import io.coreserve.engine.allocation.Rejection;
import io.coreserve.events.AcceptCounterOffer;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.topology.DomainEventHandler.Output;

/**
 * The acceptance of one interval of a counter-offer (seed 003): the request is booked on that interval if it is
 * still free and the offer has not expired, and the answer (ACCEPTED, or REJECTED {@code OFFER_TAKEN}) becomes the
 * request's decision. Only the request's owner may accept. A refusal ({@code ACCEPT_REFUSED}, {@code OFFER_EXPIRED})
 * is published under the command's own id, {@code <requestId>#accept}, and changes nothing.
 */
final class AcceptCounterOfferHandler implements CommandHandler<AcceptCounterOffer> {

    /** Appended to the request id to name an acceptance. */
    static final String ID_SUFFIX = "#accept";

    private final ReservationSettings settings;
    private final ReservationStores stores;

    AcceptCounterOfferHandler(ReservationSettings settings, ReservationStores stores) {
        this.settings = settings;
        this.stores = stores;
    }

    @Override
    public Class<AcceptCounterOffer> type() {
        return AcceptCounterOffer.class;
    }

    @Override
    public CommandIdentity identify(AcceptCounterOffer accept) {
        return new CommandIdentity(accept.getRequestId(), accept.getUser(), accept.getDomain(),
                accept.getRequestId() + ID_SUFFIX);
    }

    @Override
    public Output handle(AcceptCounterOffer accept, CommandContext context) {
        long time = context.time();
        ReservationDecision offer = stores.decision(context.ref());
        CoAllocationRequest request = stores.request(context.ref());
        String refusal = offer == null || request == null
                ? "no counter-offer to " + context.user() + " for request " + accept.getRequestId()
                : offer.getStatus() != ReservationStatus.COUNTER_OFFER ? "the request is " + offer.getStatus()
                : !context.user().equals(offer.getUser()) ? "only its owner may accept it"
                : offer.getOfferExpiresAt() != null && time > offer.getOfferExpiresAt().toEpochMilli()
                        ? "the offer expired at " + offer.getOfferExpiresAt()
                : offer.getAlternatives().stream().noneMatch(a -> a.getStart().equals(accept.getStart()))
                        ? "start " + accept.getStart() + " is not one of the offered intervals"
                : null;
        if (refusal != null) {
            String code = refusal.startsWith("the offer expired") ? "OFFER_EXPIRED" : "ACCEPT_REFUSED";
            return Output.of(context.refuse(code, "start", "acceptance refused: " + refusal));
        }
        CoAllocationRequest pinned = CoAllocationRequest.newBuilder(request)
                .setEarliestStart(accept.getStart()).setLatestStart(accept.getStart()).build();
        DomainBooks books = stores.books(context.domain());
        Outcome outcome = books.allocator().allocate(EventMapping.toEngine(pinned,
                Math.max(time, stores.forgottenBefore())));
        ReservationDecision decision = outcome instanceof Plan plan
                ? Decisions.accepted(settings, context.domain(), request, plan, books, time)
                : Decisions.rejected(request.getRequestId(), request.getUser(), context.domain(), "OFFER_TAKEN", "start",
                        "the offered interval is no longer free: " + ((Rejection) outcome).message(), time);
        stores.record(decision);
        return Output.of(decision, Decisions.notificationFor(decision, request.getEmail(), time));
    }
}
