package io.coreserve.engine.vgrid.bind;

/** Binding (or releasing) selection {@code selection} (0 = best) of component {@code component}. */
public record BindAttempt(int component, int selection) {
}
