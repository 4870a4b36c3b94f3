package io.coreserve.engine.vgrid.select;

import java.util.List;

/** The N best selections of one component, best first (fewer when fewer qualify). */
public record ComponentSelections(int component, ComponentGroup group, List<Candidate> selections) {

    public ComponentSelections {
        selections = List.copyOf(selections);
    }
}
