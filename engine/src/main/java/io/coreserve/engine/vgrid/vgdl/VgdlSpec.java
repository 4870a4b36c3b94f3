package io.coreserve.engine.vgrid.vgdl;

/** A parsed, checked vgDL specification: {@code name = root}. */
public record VgdlSpec(String name, Entity root) {
}
