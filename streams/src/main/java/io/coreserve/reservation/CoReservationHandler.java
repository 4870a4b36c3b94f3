package io.coreserve.reservation;

import io.coreserve.engine.srl.CoReservationDecision;
import io.coreserve.engine.srl.CoReservationPlanner;
import io.coreserve.engine.srl.cpsat.CpSatSolver;
import io.coreserve.events.CoReservationRequest;
import io.coreserve.events.ReservationDecision;
import io.coreserve.topology.DomainEventHandler.Output;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An SRL co-reservation request (Röblitz, seed 002; spec 002 section 7). Business rules:
 * <ul>
 *   <li>every request gets exactly one decision: the planner parses the SRL text, probes the domain's live books for
 *       candidates, solves, and books every part or none, in the same exactly-once transaction as the decision
 *       (paper steps 1-8 in one domain); a request id its user sent before gets the earlier decision again and books
 *       nothing;</li>
 *   <li>SRL that breaks a rule of the language is REJECTED {@code INVALID_REQUEST} naming the attribute, the rule, the
 *       line and the column, and books nothing;</li>
 *   <li>the per-user limit of active reservations (seed 003) counts a co-reservation as one reservation.</li>
 * </ul>
 * A cancellation ({@link CancelHandler}) releases every part, as the books do for any accepted decision.
 */
final class CoReservationHandler implements CommandHandler<CoReservationRequest> {

    private static final Logger LOG = LoggerFactory.getLogger(CoReservationHandler.class);

    /** The longest SRL text taken: a 32-part request with constraints fits in a few kilobytes. */
    static final int MAX_SRL_CHARS = 65_536;

    private final ReservationSettings settings;
    private final ReservationStores stores;
    private final CoReservationPlanner planner;

    CoReservationHandler(ReservationSettings settings, ReservationStores stores) {
        this.settings = settings;
        this.stores = stores;
        this.planner = planner(settings);
    }

    /** The pipeline's planner: the anchor-time search where it applies, else CP-SAT in deterministic time. */
    static CoReservationPlanner planner(ReservationSettings settings) {
        return new CoReservationPlanner(settings.srl(), CpSatSolver.forDecisions(settings.srl()));
    }

    @Override
    public Class<CoReservationRequest> type() {
        return CoReservationRequest.class;
    }

    @Override
    public CommandIdentity identify(CoReservationRequest request) {
        return new CommandIdentity(request.getRequestId(), request.getUser(), request.getDomain(),
                request.getRequestId());
    }

    @Override
    public FieldLimits.Violation checkFields(CoReservationRequest r) {
        return FieldLimits.first(
                FieldLimits.optional("email", r.getEmail(), FieldLimits.MAX_EMAIL),
                FieldLimits.text("srl", r.getSrl(), MAX_SRL_CHARS));
    }

    /** As for a collective request: decided once and for all, unless its user sent that id before. */
    @Override
    public Output invalid(CoReservationRequest request, CommandContext context, FieldLimits.Violation violation) {
        return RequestHandler.invalidOnce(stores, context, violation);
    }

    @Override
    public Output handle(CoReservationRequest request, CommandContext context) {
        ReservationDecision earlier = stores.decision(context.ref());
        if (earlier != null) {
            LOG.debug("Co-reservation {} of {} seen before: sending its {} decision again", request.getRequestId(),
                    context.user(), earlier.getStatus());
            return Output.of(earlier);
        }
        stores.putCoReservation(context.ref(), request);
        ReservationDecision decision = decide(context, request);
        stores.record(decision);
        LOG.debug("Co-reservation {} of {} in {}: {} {}", request.getRequestId(), context.user(), context.domain(),
                decision.getStatus(), decision.getReasonCode() == null ? "" : decision.getReasonCode());
        return Output.of(decision, Decisions.notificationFor(decision, request.getEmail(), context.time()));
    }

    private ReservationDecision decide(CommandContext context, CoReservationRequest request) {
        int limit = settings.maxActivePerUser();
        if (limit > 0 && stores.active().activeCount(context.user(), context.time()) >= limit) {
            return context.refuse("USER_LIMIT", "user", "user " + context.user() + " already holds " + limit
                    + " active reservation(s), the most allowed");
        }
        DomainBooks books = stores.books(context.domain());
        // Never earlier than what the books have forgotten: that past would look free.
        long now = Math.max(context.time(), stores.forgottenBefore());
        CoReservationDecision outcome = planner.decide(request.getSrl(), now, books.inventory(), books.booker());
        return CoReservationDecisions.decision(context.ref(), outcome, context.time(), false);
    }
}
