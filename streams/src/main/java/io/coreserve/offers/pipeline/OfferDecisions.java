package io.coreserve.offers.pipeline;

import io.coreserve.events.Allocation;
import io.coreserve.events.AlgorithmStatistics;
import io.coreserve.events.Notification;
import io.coreserve.events.NotificationKind;
import io.coreserve.events.Offer;
import io.coreserve.events.OfferJobRequest;
import io.coreserve.events.PlannedPart;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The metascheduler's answers, in the reservation pipeline's vocabulary: a {@link ReservationDecision} with one
 * allocation per provider ({@code resourceId} = provider id, {@code amounts} = {"processors": n}) and the
 * {@link Notification} that goes with it.
 */
final class OfferDecisions {

    static final String PROCESSORS = "processors";

    private OfferDecisions() {
    }

    /**
     * ACCEPTED: start is the earliest part start and end the latest part end; parts may start at different
     * times (seed 001 line 22), so between them only some of the processors are held. The message lists the parts.
     */
    static ReservationDecision accepted(OfferJobRequest request, int attempt, List<Offer> offers,
            List<PlannedPart> parts, Instant now) {
        Map<String, Integer> perProvider = new LinkedHashMap<>();
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        StringBuilder detail = new StringBuilder();
        for (PlannedPart p : parts) {
            perProvider.merge(p.getProviderId(), p.getProcessors(), Integer::sum);
            long s = p.getStart().toEpochMilli();
            start = Math.min(start, s);
            end = Math.max(end, s + p.getDurationMillis());
            detail.append(detail.length() == 0 ? "" : ", ").append(p.getProviderId()).append(' ')
                    .append(p.getProcessors()).append(" from ").append(p.getStart()).append(" to ")
                    .append(Instant.ofEpochMilli(s + p.getDurationMillis()));
        }
        List<Allocation> allocations = new ArrayList<>();
        perProvider.forEach((provider, n) -> allocations.add(new Allocation(provider, Map.of(PROCESSORS, (double) n))));
        String message = "reserved " + request.getProcessors() + " processors on " + perProvider.size()
                + " provider(s): " + detail;
        return base(request, now).setStatus(ReservationStatus.ACCEPTED).setReservationId(request.getRequestId())
                .setMessage(message).setStart(Instant.ofEpochMilli(start)).setEnd(Instant.ofEpochMilli(end))
                .setAllocations(allocations)
                .setStatistics(statistics(attempt, offers, parts.size()))
                .build();
    }

    static ReservationDecision rejected(OfferJobRequest request, int attempt, String reasonCode, String field,
            String message, Instant now) {
        return base(request, now).setStatus(ReservationStatus.REJECTED).setReasonCode(reasonCode)
                .setField(field).setMessage(message).build();
    }

    static Notification notification(OfferJobRequest request, ReservationDecision decision) {
        boolean accepted = decision.getStatus() == ReservationStatus.ACCEPTED;
        return Notification.newBuilder().setUser(request.getUser()).setEmail(request.getEmail())
                .setKind(accepted ? NotificationKind.ACCEPTED : NotificationKind.REJECTED)
                .setRequestId(request.getRequestId()).setReservationId(decision.getReservationId())
                .setMessage(decision.getMessage()).setStart(decision.getStart()).setEnd(decision.getEnd())
                .setResourceIds(decision.getAllocations().stream().map(Allocation::getResourceId).toList())
                .setTime(decision.getDecidedAt()).build();
    }

    private static ReservationDecision.Builder base(OfferJobRequest request, Instant now) {
        return ReservationDecision.newBuilder().setRequestId(request.getRequestId()).setUser(request.getUser())
                .setDecidedAt(now);
    }

    private static AlgorithmStatistics statistics(int attempt, List<Offer> offers, int parts) {
        int slots = offers.stream().mapToInt(o -> o.getSlots().size()).sum();
        return AlgorithmStatistics.newBuilder().setAlgorithm(MetaschedulerProcessor.ALGORITHM).setPasses(attempt)
                .setCandidates(slots).setStartTimeCandidates(0)
                .setCounts(Map.of("providers", (long) offers.size(), "parts", (long) parts)).build();
    }
}
