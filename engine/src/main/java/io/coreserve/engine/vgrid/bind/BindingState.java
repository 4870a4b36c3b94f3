package io.coreserve.engine.vgrid.bind;

/**
 * Everything a binding process knows between rounds, as plain values, so a coordinator can keep it in a state
 * store and resume after a restart ({@link Approach#resume}). The binds a resumed process awaits are those its
 * {@code round()} returns again (rounds are a function of this state). {@code next[c]} is the selection component
 * c tries next (for the separate approach, the candidate, equal for all); {@code outcome} -1 undecided, 0 failed,
 * 1 bound.
 */
public record BindingState(Approach approach, int[] available, int[] next, int[] bound, int[] attemptsPerComponent,
                           int attempts, int steps, long hold, int outcome) {

    public BindingState {
        available = available.clone();
        next = next.clone();
        bound = bound.clone();
        attemptsPerComponent = attemptsPerComponent.clone();
        int c = available.length;
        if (next.length != c || bound.length != c || attemptsPerComponent.length != c || outcome < -1 || outcome > 1) {
            throw new IllegalArgumentException("inconsistent binding state");
        }
    }

    @Override
    public int[] available() {
        return available.clone();
    }

    @Override
    public int[] next() {
        return next.clone();
    }

    @Override
    public int[] bound() {
        return bound.clone();
    }

    @Override
    public int[] attemptsPerComponent() {
        return attemptsPerComponent.clone();
    }
}
