package io.coreserve.engine.vgrid.select;

import io.coreserve.engine.vgrid.vgdl.VgdlSpec;

import java.util.List;

/**
 * A specification split into independent allocation units. {@code apart} lists the group pairs joined by far or
 * lowBW (earlier group first): separate components whose selections must lie in different TightBags.
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
