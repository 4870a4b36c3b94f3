package io.coreserve.engine.vgrid.bind;

/** Spec 004 section 3.3's two binding algorithms. */
public enum Approach {
    INTEGRATED, SEPARATE;

    /** A fresh binding process for components with these numbers of selections. */
    public BindingProcess start(int[] selectionsPerComponent) {
        return this == INTEGRATED ? new IntegratedBinding(selectionsPerComponent) : new SeparateBinding(selectionsPerComponent);
    }

    /** A process continuing from a saved state; ask its {@code round()} for the binds it awaits. */
    public static BindingProcess resume(BindingState state) {
        return state.approach() == INTEGRATED ? new IntegratedBinding(state) : new SeparateBinding(state);
    }
}
