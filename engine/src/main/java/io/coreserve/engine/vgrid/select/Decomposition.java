package io.coreserve.engine.vgrid.select;

import io.coreserve.engine.vgrid.vgdl.VgdlSpec;

import java.util.List;

/**
 * A specification split into independent allocation units. {@code apart} lists the group pairs joined by far or
 * lowBW: they are separate components; the relation itself is recorded, not yet enforced (README).
 */
public record Decomposition(VgdlSpec spec, List<ComponentGroup> groups, List<int[]> apart) {

    public Decomposition {
        groups = List.copyOf(groups);
        apart = List.copyOf(apart);
    }

    /** The most components the specification can ask for. */
    public int maxComponents() {
        return groups.stream().mapToInt(ComponentGroup::maxComponents).sum();
    }
}
