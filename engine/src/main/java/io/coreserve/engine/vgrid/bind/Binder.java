package io.coreserve.engine.vgrid.bind;

/**
 * A resource manager's side of binding (paper section 3.2): accept or refuse to bind a component's selection,
 * and release one bound earlier. The evaluation uses {@link BernoulliBinder}; the pipeline's binder sends bind
 * commands to the domain task owning the resources.
 */
public interface Binder {

    boolean bind(BindAttempt attempt);

    void release(BindAttempt attempt);
}
