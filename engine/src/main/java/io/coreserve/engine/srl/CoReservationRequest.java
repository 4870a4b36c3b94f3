package io.coreserve.engine.srl;

import java.util.List;

/**
 * A parsed and checked co-reservation request (paper section 4.3): parts, constraints and objectives, plus the
 * warnings the parser gave (e.g. weights that did not sum to one).
 */
public record CoReservationRequest(List<Part> parts, List<Constraint> constraints, List<Objective> objectives,
        List<String> warnings) {

    public CoReservationRequest {
        parts = List.copyOf(parts);
        constraints = List.copyOf(constraints);
        objectives = List.copyOf(objectives);
        warnings = List.copyOf(warnings);
    }

    /** The index of a part id, or -1. */
    public int indexOf(String partId) {
        for (int i = 0; i < parts.size(); i++) {
            if (parts.get(i).id().equals(partId)) {
                return i;
            }
        }
        return -1;
    }
}
