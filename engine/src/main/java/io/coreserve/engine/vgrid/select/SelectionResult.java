package io.coreserve.engine.vgrid.select;

import java.util.List;
import java.util.Optional;

/**
 * Selection's answer: the components with their selections, or why the request matches too little
 * (the pipeline's {@code REJECTED NO_MATCHING_RESOURCES}).
 */
public record SelectionResult(List<ComponentSelections> components, Optional<String> unmatched) {

    public SelectionResult {
        components = List.copyOf(components);
    }

    public static SelectionResult unmatched(String why) {
        return new SelectionResult(List.of(), Optional.of(why));
    }

    public boolean matched() {
        return unmatched.isEmpty();
    }
}
