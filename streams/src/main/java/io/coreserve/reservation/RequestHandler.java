package io.coreserve.reservation;

import io.coreserve.engine.allocation.ClosestFreeIntervals;
import io.coreserve.engine.allocation.Outcome;
import io.coreserve.engine.allocation.Plan;
import io.coreserve.engine.allocation.Rejection;
import io.coreserve.engine.model.Request;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.IntervalPosition;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.SuggestedInterval;
import io.coreserve.topology.DomainEventHandler.Output;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A co-allocation request. Business rules:
 * <ul>
 *   <li>every request gets exactly one decision; a request id its user sent before in the domain gets the earlier
 *       decision again and books nothing (seed 000's algorithm decides; the booked amounts are the Phase VI split);
 *       another user's request of the same id is another request;</li>
 *   <li>when no admissible set exists in the requested window, the answer is a counter-offer of the closest free
 *       intervals after and before it (seed 003), which the user may accept before it expires;</li>
 *   <li>optionally, a user may hold at most a configured number of active reservations (seed 003: one).</li>
 * </ul>
 */
final class RequestHandler implements CommandHandler<CoAllocationRequest> {

    private static final Logger LOG = LoggerFactory.getLogger(RequestHandler.class);

    private final ReservationSettings settings;
    private final ReservationStores stores;

    RequestHandler(ReservationSettings settings, ReservationStores stores) {
        this.settings = settings;
        this.stores = stores;
    }

    @Override
    public Class<CoAllocationRequest> type() {
        return CoAllocationRequest.class;
    }

    @Override
    public CommandIdentity identify(CoAllocationRequest request) {
        return new CommandIdentity(request.getRequestId(), request.getUser(), request.getDomain(),
                request.getRequestId());
    }

    @Override
    public FieldLimits.Violation checkFields(CoAllocationRequest r) {
        return FieldLimits.first(
                RequestTerms.idProblem(r.getRequestId()),
                FieldLimits.optional("email", r.getEmail(), FieldLimits.MAX_EMAIL),
                FieldLimits.map("minimums", r.getMinimums()),
                FieldLimits.map("totals", r.getTotals()),
                FieldLimits.map("requirements", r.getRequirements()));
    }

    /**
     * A request that breaks a field limit is decided like any invalid request: its (shortened) id is answered
     * REJECTED once and for all, unless its user sent that id before, in which case the earlier decision stands.
     * The request itself is not stored: it may be huge.
     */
    @Override
    public Output invalid(CoAllocationRequest request, CommandContext context, FieldLimits.Violation violation) {
        return invalidOnce(stores, context, violation);
    }

    /** The rule of {@link #invalid} for every command that creates a request (collective or SRL). */
    static Output invalidOnce(ReservationStores stores, CommandContext context, FieldLimits.Violation violation) {
        ReservationDecision earlier = stores.decision(context.ref());
        if (earlier != null) {
            return Output.of(earlier);
        }
        RequestTerms.Invalid invalid = RequestTerms.of(violation);
        ReservationDecision rejected = context.refuse("INVALID_REQUEST", invalid.field(), invalid.message());
        stores.record(rejected);
        return Output.of(rejected);
    }

    @Override
    public Output handle(CoAllocationRequest request, CommandContext context) {
        ReservationDecision earlier = stores.decision(context.ref());
        if (earlier != null) {
            LOG.debug("Request {} of {} seen before: sending its {} decision again", request.getRequestId(),
                    context.user(), earlier.getStatus());
            return Output.of(earlier);
        }
        stores.putRequest(context.ref(), request);
        ReservationDecision decision = decide(context.domain(), request, context.time());
        stores.record(decision);
        // DEBUG, not INFO: at thousands of requests a second one line each is noise; decisions are on their topic.
        LOG.debug("Request {} of {} in {}: {} {}", request.getRequestId(), request.getUser(), context.domain(),
                decision.getStatus(), decision.getReasonCode() == null ? "" : decision.getReasonCode());
        return Output.of(decision, Decisions.notificationFor(decision, request.getEmail(), context.time()));
    }

    private ReservationDecision decide(String domain, CoAllocationRequest request, long time) {
        int limit = settings.maxActivePerUser();
        if (limit > 0 && stores.active().activeCount(request.getUser(), time) >= limit) {
            return Decisions.rejected(request.getRequestId(), request.getUser(), domain, "USER_LIMIT", "user",
                    "user " + request.getUser() + " already holds " + limit + " active reservation(s), the most allowed",
                    time);
        }
        // Never earlier than what the books have forgotten: that past would look free.
        long notBefore = Math.max(time, stores.forgottenBefore());
        RequestTerms.Invalid invalid = RequestTerms.beforeEngine(request, time, notBefore, settings);
        if (invalid != null) {
            return Decisions.rejected(request.getRequestId(), request.getUser(), domain, "INVALID_REQUEST",
                    invalid.field(), invalid.message(), time);
        }
        DomainBooks books = stores.books(domain);
        Request engineRequest = EventMapping.toEngine(request, notBefore);
        Outcome outcome = books.allocator().allocate(engineRequest);
        if (outcome instanceof Plan plan) {
            return Decisions.accepted(settings, domain, request, plan, books, time);
        }
        Rejection rejection = (Rejection) outcome;
        if (rejection.reason().seeksClosestFree()) {
            long searchStarted = System.nanoTime();
            // The window's own outcome is passed in, so the window is not searched a second time (same answers).
            // On full books these searches are most of the cost of a decision; single-pass bounds them (M_init).
            ClosestFreeIntervals closest = books.allocator().closestFree(engineRequest, rejection, time,
                    settings.counterOfferHorizon().toMillis(), settings.counterOfferMaxM());
            long closestNanos = System.nanoTime() - searchStarted;
            if (closest.earliestAfter() != null || closest.latestBefore() != null) {
                ReservationDecision offer = counterOffer(domain, request, rejection, closest, time);
                // The search for the closest free intervals is often dearer than the decision itself: show it.
                offer.getStatistics().getPhaseNanos().put("closestFree", closestNanos);
                return offer;
            }
        }
        // An invalid field is named as the request event and its sender's file or flags name it, not as the engine.
        RequestTerms.Invalid invalidField = rejection.field() == null ? null : RequestTerms.of(rejection);
        return Decisions.base(request.getRequestId(), request.getUser(), domain, ReservationStatus.REJECTED,
                        invalidField == null ? rejection.message() : invalidField.message(), time)
                .setReasonCode(rejection.reason().name())
                .setField(invalidField == null ? null : invalidField.field())
                .setStatistics(EventMapping.statistics(settings.algorithmName(), rejection.stats()))
                .build();
    }

    private ReservationDecision counterOffer(String domain, CoAllocationRequest request, Rejection rejection,
            ClosestFreeIntervals closest, long time) {
        List<SuggestedInterval> alternatives = new ArrayList<>();
        if (closest.earliestAfter() != null) {
            alternatives.add(interval(closest.earliestAfter(), IntervalPosition.AFTER));
        }
        if (closest.latestBefore() != null) {
            alternatives.add(interval(closest.latestBefore(), IntervalPosition.BEFORE));
        }
        return Decisions.base(request.getRequestId(), request.getUser(), domain, ReservationStatus.COUNTER_OFFER,
                        "no admissible set in the requested window (" + rejection.message()
                                + "); closest free intervals offered", time)
                .setReasonCode(rejection.reason().name())
                .setReservationId(Decisions.reservationId(request.getRequestId()))
                .setAlternatives(alternatives)
                .setOfferExpiresAt(Instant.ofEpochMilli(time + settings.counterOfferTtl().toMillis()))
                .setStatistics(EventMapping.statistics(settings.algorithmName(), rejection.stats()))
                .build();
    }

    private static SuggestedInterval interval(Plan plan, IntervalPosition position) {
        return SuggestedInterval.newBuilder().setStart(Instant.ofEpochMilli(plan.start()))
                .setEnd(Instant.ofEpochMilli(plan.end())).setPosition(position).build();
    }
}
