package io.coreserve.reservation;

import io.coreserve.engine.allocation.Plan;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.Notification;
import io.coreserve.events.NotificationKind;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import java.time.Instant;
import java.util.List;

/** Small builders for the decisions and notifications the service sends, so each states its facts once. */
final class Decisions {

    private Decisions() {
    }

    static ReservationDecision.Builder base(String requestId, String user, String domain, ReservationStatus status,
            String message, long time) {
        return ReservationDecision.newBuilder()
                .setRequestId(requestId)
                .setUser(user)
                .setDomain(domain)
                .setStatus(status)
                .setMessage(message)
                .setDecidedAt(Instant.ofEpochMilli(time));
    }

    static ReservationDecision rejected(String requestId, String user, String domain, String reasonCode, String field,
            String message, long time) {
        return base(requestId, user, domain, ReservationStatus.REJECTED, message, time)
                .setReasonCode(reasonCode)
                .setField(field)
                .build();
    }

    /** ACCEPTED: what {@code plan} books for {@code request}, with the engine's statistics. */
    static ReservationDecision accepted(ReservationSettings settings, String domain, CoAllocationRequest request,
            Plan plan, DomainBooks books, long time) {
        return base(request.getRequestId(), request.getUser(), domain, ReservationStatus.ACCEPTED,
                        "reserved " + plan.assignments().size() + " resources from " + Instant.ofEpochMilli(plan.start())
                                + " to " + Instant.ofEpochMilli(plan.end()), time)
                .setReservationId(reservationId(request.getRequestId()))
                .setStart(Instant.ofEpochMilli(plan.start()))
                .setEnd(Instant.ofEpochMilli(plan.end()))
                .setAllocations(EventMapping.allocations(plan, books.properties()))
                .setUtilisationFactor(plan.utilisation())
                .setEstimatedUtilisationFactor(plan.utilisationEstimate())
                .setStatistics(EventMapping.statistics(settings.algorithmName(), plan))
                .build();
    }

    static String reservationId(String requestId) {
        return "res-" + requestId;
    }

    /** The notification that tells the user about {@code decision}. */
    static Notification notificationFor(ReservationDecision decision, String email, long time) {
        NotificationKind kind = switch (decision.getStatus()) {
            case ACCEPTED -> NotificationKind.ACCEPTED;
            case REJECTED -> NotificationKind.REJECTED;
            case COUNTER_OFFER -> NotificationKind.COUNTER_OFFER;
            case CANCELLED -> NotificationKind.CANCELLED;
        };
        return lifecycle(decision, kind, decision.getMessage(), email, resourceIds(decision), time);
    }

    /** A notification about a reservation: its decision, or a later event of its life (STARTING, RESOURCE_LOST, ...). */
    static Notification lifecycle(ReservationDecision decision, NotificationKind kind, String message, String email,
            List<String> resourceIds, long time) {
        return Notification.newBuilder()
                .setUser(decision.getUser() == null ? "" : decision.getUser())
                .setEmail(email)
                .setKind(kind)
                .setRequestId(decision.getRequestId())
                .setReservationId(decision.getReservationId())
                .setMessage(message)
                .setStart(decision.getStart())
                .setEnd(decision.getEnd())
                .setResourceIds(resourceIds)
                .setTime(Instant.ofEpochMilli(time))
                .build();
    }

    /** Every resource the decision books: its allocations, and the parts of an SRL co-reservation. */
    static List<String> resourceIds(ReservationDecision decision) {
        return java.util.stream.Stream.concat(decision.getAllocations().stream().map(a -> a.getResourceId()),
                decision.getParts().stream().map(p -> p.getResourceId())).distinct().toList();
    }
}
