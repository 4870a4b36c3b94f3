package io.coreserve.reservation;

import io.coreserve.events.CancelRequest;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.topology.DomainEventHandler.Output;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A cancellation: releases exactly what was booked for the request and answers CANCELLED under the request's id.
 * Only the request's owner may cancel: the command names the request by the sender's own scope ({@link RequestRef}),
 * and the stored decision's user must be the (authenticated) sender. A refusal is REJECTED {@code CANCEL_REFUSED}
 * under the command's own id, {@code <requestId>#cancel}, so that it never shows as the request's decision.
 */
final class CancelHandler implements CommandHandler<CancelRequest> {

    private static final Logger LOG = LoggerFactory.getLogger(CancelHandler.class);

    /** Appended to the request id to name a cancellation. */
    static final String ID_SUFFIX = "#cancel";

    private final ReservationStores stores;

    CancelHandler(ReservationStores stores) {
        this.stores = stores;
    }

    @Override
    public Class<CancelRequest> type() {
        return CancelRequest.class;
    }

    @Override
    public CommandIdentity identify(CancelRequest cancel) {
        return new CommandIdentity(cancel.getRequestId(), cancel.getUser(), cancel.getDomain(),
                cancel.getRequestId() + ID_SUFFIX);
    }

    @Override
    public FieldLimits.Violation checkFields(CancelRequest cancel) {
        return FieldLimits.text("reason", cancel.getReason(), FieldLimits.MAX_TEXT);
    }

    @Override
    public Output handle(CancelRequest cancel, CommandContext context) {
        ReservationDecision booked = stores.decision(context.ref());
        String refusal = booked == null ? "no reservation of " + context.user() + " for request " + cancel.getRequestId()
                : !context.user().equals(booked.getUser()) ? "only its owner may cancel it"
                : booked.getStatus() != ReservationStatus.ACCEPTED ? "it is " + booked.getStatus() + ", not ACCEPTED"
                : null;
        if (refusal != null) {
            return Output.of(context.refuse("CANCEL_REFUSED", "requestId", "cancellation refused: " + refusal));
        }
        stores.books(context.domain()).release(booked);
        ReservationDecision cancelled = ReservationDecision.newBuilder(booked)
                .setStatus(ReservationStatus.CANCELLED)
                .setReasonCode(null)
                .setMessage("cancelled by " + context.user() + (cancel.getReason() == null ? "" : ": " + cancel.getReason()))
                .setDecidedAt(Instant.ofEpochMilli(context.time()))
                .build();
        stores.record(cancelled);
        LOG.info("Reservation of request {} cancelled by {}", cancel.getRequestId(), context.user());
        return Output.of(cancelled, Decisions.notificationFor(cancelled, stores.emailOf(cancelled), context.time()));
    }
}
