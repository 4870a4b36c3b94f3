package io.coreserve.vgrid;

import io.coreserve.engine.vgrid.bind.BindingOutcome;
import io.coreserve.events.AlgorithmStatistics;
import io.coreserve.events.BoundHost;
import io.coreserve.events.ComponentOutcome;
import io.coreserve.events.Notification;
import io.coreserve.events.NotificationKind;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.SelectedHosts;
import io.coreserve.events.VirtualGridRequest;
import io.coreserve.events.VirtualGridState;
import io.coreserve.reservation.FieldLimits;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one decision of a virtual grid and its notification. It carries no allocations: the hosts are booked by
 * their domains under {@code vg:{request}:{component}:{selection}} (decisions of their own), and listed here per
 * component. Nothing in it depends on the wall clock, so the same input and seed give byte-identical decisions.
 */
final class VirtualGridDecisions {

    static final String ALGORITHM = "kee2006-";

    private VirtualGridDecisions() {
    }

    static ReservationDecision accepted(VirtualGridState state, BindingOutcome outcome, Instant at) {
        int[] bound = outcome.bound();
        List<ComponentOutcome> components = new ArrayList<>();
        int hosts = 0;
        for (int c = 0; c < bound.length; c++) {
            SelectedHosts chosen = state.getComponents().get(c).getSelections().get(bound[c]);
            List<BoundHost> held = new ArrayList<>();
            for (int h = 0; h < chosen.getResourceIds().size(); h++) {
                held.add(new BoundHost(chosen.getDomains().get(h), chosen.getResourceIds().get(h)));
            }
            hosts += held.size();
            components.add(new ComponentOutcome(c, bound[c], outcome.attemptsPerComponent()[c], held));
        }
        return base(state, ReservationStatus.ACCEPTED, at, outcome)
                .setReservationId(BindCommands.reservationId(state.getRequest().getRequestId()))
                .setStart(state.getStart()).setEnd(state.getEnd())
                .setMessage("bound " + bound.length + " components (" + hosts + " hosts) in " + outcome.steps()
                        + " rounds, " + outcome.attempts() + " bind attempts" + retried(state))
                .setComponents(components)
                .build();
    }

    static ReservationDecision bindingFailed(VirtualGridState state, BindingOutcome outcome, Instant at) {
        int[] attempts = outcome.attemptsPerComponent();
        List<ComponentOutcome> components = new ArrayList<>();
        for (int c = 0; c < attempts.length; c++) {
            components.add(new ComponentOutcome(c, -1, attempts[c], List.of()));
        }
        return base(state, ReservationStatus.REJECTED, at, outcome)
                .setReasonCode("BINDING_FAILED")
                .setMessage("a component exhausted its selections after " + outcome.attempts() + " bind attempts in "
                        + outcome.steps() + " rounds (per component: " + java.util.Arrays.toString(attempts)
                        + ")" + retried(state) + "; every bound component was released")
                .setComponents(components)
                .build();
    }

    static ReservationDecision rejected(VirtualGridRequest request, String reason, String field, String message,
            Instant at) {
        return ReservationDecision.newBuilder().setRequestId(request.getRequestId()).setUser(request.getUser())
                .setStatus(ReservationStatus.REJECTED).setReasonCode(reason).setField(field).setMessage(message)
                .setDecidedAt(at).build();
    }

    /**
     * A request whose sender could not be authenticated, in the words of the requests topic's refusal
     * ({@code reservation.CommandDispatcher}); ids and the reason are {@link FieldLimits#bounded bounded}, as there.
     */
    static ReservationDecision unauthenticated(VirtualGridRequest request, String authError, Instant at) {
        return ReservationDecision.newBuilder().setRequestId(FieldLimits.bounded(request.getRequestId()))
                .setUser(FieldLimits.bounded(request.getUser())).setStatus(ReservationStatus.REJECTED)
                .setReasonCode("UNAUTHENTICATED").setField("user")
                .setMessage("the sender of this command could not be authenticated: " + FieldLimits.bounded(authError)
                        + "; nothing was changed")
                .setDecidedAt(at).build();
    }

    static Notification notification(VirtualGridRequest request, ReservationDecision decision) {
        List<String> hosts = new ArrayList<>();
        decision.getComponents().forEach(c -> c.getHosts().forEach(h -> hosts.add(h.getResourceId())));
        return Notification.newBuilder().setUser(request.getUser()).setEmail(request.getEmail())
                .setKind(decision.getStatus() == ReservationStatus.ACCEPTED ? NotificationKind.ACCEPTED
                        : NotificationKind.REJECTED)
                .setRequestId(request.getRequestId()).setReservationId(decision.getReservationId())
                .setMessage(decision.getMessage()).setStart(decision.getStart()).setEnd(decision.getEnd())
                .setResourceIds(hosts).setTime(decision.getDecidedAt()).build();
    }

    /** The tries given up to competing virtual grids, if any, for the message. */
    private static String retried(VirtualGridState state) {
        return state.getTries() == 0 ? "" : " (try " + (state.getTries() + 1) + ": " + state.getTries()
                + " earlier tries with " + state.getRetriedAttempts() + " attempts lost hosts to other virtual grids)";
    }

    private static ReservationDecision.Builder base(VirtualGridState state, ReservationStatus status, Instant at,
            BindingOutcome outcome) {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("components", (long) outcome.bound().length);
        counts.put("attempts", (long) outcome.attempts());
        counts.put("rounds", (long) outcome.steps());
        counts.put("hold", outcome.hold());
        // Tries given up to competition before this one (attempts, rounds and hold above are this try's).
        counts.put("tries", (long) state.getTries() + 1);
        counts.put("retriedAttempts", (long) state.getRetriedAttempts());
        AlgorithmStatistics statistics = AlgorithmStatistics.newBuilder()
                .setAlgorithm(ALGORITHM + state.getRequest().getBinding().name().toLowerCase(java.util.Locale.ROOT))
                .setPasses(outcome.steps())
                .setCandidates(state.getComponents().stream().mapToInt(c -> c.getSelections().size()).sum())
                .setCounts(counts).build();
        return ReservationDecision.newBuilder().setRequestId(state.getRequest().getRequestId())
                .setUser(state.getRequest().getUser()).setStatus(status).setDecidedAt(at).setStatistics(statistics);
    }
}
