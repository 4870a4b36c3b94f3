package io.coreserve.engine.vgrid.bind;

/** Spec 004 section 3.3's two binding algorithms. */
public enum Approach {
    INTEGRATED, SEPARATE;

    /** A fresh binding process for components with these numbers of selections. */
    public BindingProcess start(int[] selectionsPerComponent) {
        return this == INTEGRATED ? new IntegratedBinding(selectionsPerComponent) : new SeparateBinding(selectionsPerComponent);
    }
}
