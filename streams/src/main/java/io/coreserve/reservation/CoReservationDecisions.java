package io.coreserve.reservation;

import io.coreserve.engine.srl.CoReservationDecision;
import io.coreserve.engine.srl.PartAllocation;
import io.coreserve.engine.srl.SrlError;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.ReservedPart;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The Avro decision of an SRL co-reservation (spec 002 section 7): the parts, the objective value and the solver's
 * status, and a message that says the same in words. Nothing in it depends on the clock or on hash order (amounts are
 * sorted, no solve times), so the same request on the same books gives the same bytes: a replay decides the same.
 */
final class CoReservationDecisions {

    private CoReservationDecisions() {
    }

    /**
     * @param probe a plan answered without booking: "would reserve", and no reservation id
     */
    static ReservationDecision decision(RequestRef ref, CoReservationDecision outcome, long time, boolean probe) {
        String note = notes(outcome) + (probe ? " (probe: nothing booked)" : "");
        if (!outcome.accepted()) {
            SrlError error = outcome.error();
            return Decisions.base(ref.requestId(), ref.user(), ref.domain(), ReservationStatus.REJECTED,
                            error.describe() + note, time)
                    .setReasonCode(error.code().name())
                    .setField(error.field())
                    .setSolverStatus(outcome.status() == null ? null : outcome.status().name())
                    .build();
        }
        List<PartAllocation> plan = outcome.parts();
        long start = plan.stream().mapToLong(PartAllocation::start).min().orElseThrow();
        long end = plan.stream().mapToLong(PartAllocation::end).max().orElseThrow();
        String message = (probe ? "would reserve " : "reserved ") + plan.size() + " parts from "
                + Instant.ofEpochMilli(start) + " to " + Instant.ofEpochMilli(end) + ": " + describe(plan)
                + "; objective " + number(outcome.objectiveValue()) + ", " + status(outcome) + note;
        ReservationDecision.Builder b = Decisions.base(ref.requestId(), ref.user(), ref.domain(),
                        ReservationStatus.ACCEPTED, message, time)
                .setStart(Instant.ofEpochMilli(start))
                .setEnd(Instant.ofEpochMilli(end))
                .setParts(parts(plan))
                .setObjectiveValue(outcome.objectiveValue())
                .setSolverStatus(outcome.status().name());
        if (!probe) {
            b.setReservationId(Decisions.reservationId(ref.requestId()));
        }
        return b.build();
    }

    static List<ReservedPart> parts(List<PartAllocation> plan) {
        List<ReservedPart> parts = new ArrayList<>();
        for (PartAllocation p : plan) {
            parts.add(ReservedPart.newBuilder()
                    .setPartId(p.partId())
                    .setType(p.type().label())
                    .setResourceId(p.resourceId())
                    .setStart(Instant.ofEpochMilli(p.start()))
                    .setEnd(Instant.ofEpochMilli(p.end()))
                    .setAmounts(new TreeMap<>(p.amounts()))
                    .setCost(p.cost())
                    .setBandwidth(p.src() == null ? null : p.bandwidthMbps())
                    .setSrc(p.src())
                    .setDst(p.dst())
                    .build());
        }
        return parts;
    }

    /** "IBM on ibm-1 (cores=16) 2007-12-12T18:00:00Z to 2007-12-13T00:00:00Z, cost 12; NET1 on l1 ..." */
    static String describe(List<PartAllocation> plan) {
        List<String> words = new ArrayList<>();
        for (PartAllocation p : plan) {
            StringBuilder s = new StringBuilder(p.partId()).append(" on ").append(p.resourceId());
            List<String> amounts = new ArrayList<>();
            new TreeMap<>(p.amounts()).forEach((name, amount) -> amounts.add(name + "=" + number(amount)));
            if (!amounts.isEmpty()) {
                s.append(" (").append(String.join(", ", amounts)).append(')');
            }
            if (p.src() != null) {
                s.append(" joining ").append(p.src()).append(" and ").append(p.dst())
                        .append(", ").append(number(p.bandwidthMbps())).append(" Mbit/s free");
            }
            s.append(' ').append(Instant.ofEpochMilli(p.start())).append(" to ").append(Instant.ofEpochMilli(p.end()));
            if (p.cost() != 0) {
                s.append(", cost ").append(number(p.cost()));
            }
            words.add(s.toString());
        }
        return String.join("; ", words);
    }

    private static String status(CoReservationDecision outcome) {
        return switch (outcome.status()) {
            case OPTIMAL -> "proven optimal";
            case FEASIBLE -> "NOT proven optimal (solver limit)";
            default -> outcome.status().name();
        } + " by " + outcome.solver() + (outcome.attempts() > 1 ? " after " + outcome.attempts() + " attempts" : "");
    }

    /** Parts whose candidates the cap cut, and the parser's warnings (weights normalised), if any. */
    private static String notes(CoReservationDecision outcome) {
        StringBuilder s = new StringBuilder();
        if (!outcome.cappedParts().isEmpty()) {
            s.append("; candidates capped (coreserve.srl.max-candidates-per-part) for ")
                    .append(String.join(", ", outcome.cappedParts()));
        }
        for (String warning : outcome.warnings()) {
            s.append("; ").append(warning);
        }
        return s.toString();
    }

    static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
                : String.format(java.util.Locale.ROOT, "%.6g", value);
    }
}
