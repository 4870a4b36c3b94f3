package io.coreserve.engine.vgrid.bind;

import java.util.List;

/** Runs a binding process synchronously against a binder: round by round, releases sent as the process asks. */
public final class Binding {

    private Binding() {
    }

    public static BindingOutcome run(Approach approach, int[] selectionsPerComponent, Binder binder) {
        BindingProcess process = approach.start(selectionsPerComponent);
        while (!process.decided()) {
            List<BindAttempt> round = process.round();
            boolean[] accepted = new boolean[round.size()];
            for (int i = 0; i < accepted.length; i++) {
                accepted[i] = binder.bind(round.get(i));
            }
            process.answer(accepted).forEach(binder::release);
        }
        return process.outcome();
    }
}
