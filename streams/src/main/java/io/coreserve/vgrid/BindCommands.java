package io.coreserve.vgrid;

import io.coreserve.engine.vgrid.bind.Approach;
import io.coreserve.engine.vgrid.bind.BindingState;
import io.coreserve.events.BindCommand;
import io.coreserve.events.BindOp;
import io.coreserve.events.BindingSnapshot;
import io.coreserve.events.SelectedHosts;
import io.coreserve.events.VirtualGridState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The commands of one bind or release: a selection's hosts split by the domain that owns them (a selection spanning
 * domains gets one command per domain, in domain order, and counts as bound only if every domain accepts), and the
 * conversions between the engine's {@link BindingState} and its stored form.
 */
final class BindCommands {

    private BindCommands() {
    }

    static String reservationId(String requestId) {
        return "vg-" + requestId;
    }

    /** The hosts of a selection by domain, domains in order. */
    static Map<String, List<String>> byDomain(SelectedHosts selection) {
        Map<String, List<String>> byDomain = new TreeMap<>();
        for (int h = 0; h < selection.getResourceIds().size(); h++) {
            byDomain.computeIfAbsent(selection.getDomains().get(h), d -> new ArrayList<>())
                    .add(selection.getResourceIds().get(h));
        }
        return byDomain;
    }

    static SelectedHosts selection(VirtualGridState state, int component, int selection) {
        return state.getComponents().get(component).getSelections().get(selection);
    }

    static BindCommand command(VirtualGridState state, BindOp op, int component, int selection, String domain,
            List<String> resourceIds, long now) {
        String id = state.getRequest().getRequestId();
        return BindCommand.newBuilder()
                .setCommandId(id + "/" + state.getRound() + "/" + component + "/" + selection + "/" + domain + "/"
                        + op.name().toLowerCase(java.util.Locale.ROOT))
                .setOp(op).setRequestId(id).setUser(state.getRequest().getUser()).setDomain(domain)
                .setComponent(component).setSelection(selection).setRound(state.getRound())
                .setResourceIds(resourceIds).setStart(state.getStart()).setEnd(state.getEnd())
                .setSentAt(Instant.ofEpochMilli(now)).setBindTry(state.getTries()).build();
    }

    static BindingSnapshot snapshot(BindingState s) {
        return new BindingSnapshot(list(s.available()), list(s.next()), list(s.bound()),
                list(s.attemptsPerComponent()), s.attempts(), s.steps(), s.hold(), s.outcome());
    }

    static BindingState state(Approach approach, BindingSnapshot s) {
        return new BindingState(approach, array(s.getAvailable()), array(s.getNext()), array(s.getBound()),
                array(s.getAttemptsPerComponent()), s.getAttempts(), s.getSteps(), s.getHold(), s.getOutcome());
    }

    private static List<Integer> list(int[] values) {
        return Arrays.stream(values).boxed().toList();
    }

    private static int[] array(List<Integer> values) {
        return values.stream().mapToInt(Integer::intValue).toArray();
    }
}
