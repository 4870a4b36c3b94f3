package io.coreserve.engine.vgrid.bind;

/**
 * How binding ended. {@code bound[c]} is the selection component c holds on success (all -1 on failure: everything
 * was released). {@code attempts} counts bind attempts, {@code steps} parallel rounds, {@code hold} the binding
 * cost of spec 004 section 3.5 (Σ over steps of the components held after the step).
 */
public record BindingOutcome(boolean success, int[] bound, int[] attemptsPerComponent, int attempts, int steps, long hold) {

    public BindingOutcome {
        bound = bound.clone();
        attemptsPerComponent = attemptsPerComponent.clone();
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
