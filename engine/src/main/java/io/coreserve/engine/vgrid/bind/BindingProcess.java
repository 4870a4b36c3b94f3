package io.coreserve.engine.vgrid.bind;

import java.util.List;

/**
 * A binding algorithm as a state machine of parallel rounds, so a synchronous driver ({@link Binding#run}) and an
 * event-driven coordinator (bind commands out, replies in) run the same steps: ask {@link #round()} for the binds
 * to send, feed their answers to {@link #answer}, send the releases it returns, until {@link #decided()}.
 */
public sealed interface BindingProcess permits IntegratedBinding, SeparateBinding {

    /** The binds of the next round (sent in parallel); empty once decided. */
    List<BindAttempt> round();

    /** The round's answers, in the order of {@link #round()}; returns the releases to send now. */
    List<BindAttempt> answer(boolean[] accepted);

    boolean decided();

    /** The state to save between rounds. */
    BindingState state();

    /** Only once decided. */
    default BindingOutcome outcome() {
        if (!decided()) {
            throw new IllegalStateException("not decided yet");
        }
        BindingState s = state();
        return new BindingOutcome(s.outcome() == 1, s.bound(), s.attemptsPerComponent(), s.attempts(), s.steps(), s.hold());
    }
}
