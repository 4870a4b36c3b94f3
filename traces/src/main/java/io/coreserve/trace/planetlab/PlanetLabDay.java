package io.coreserve.trace.planetlab;

import java.util.List;

/**
 * What {@link PlanetLabReader} read from one day's directory: the good traces sorted by file name, and the
 * files it skipped with the reason.
 */
public record PlanetLabDay(List<NodeTrace> nodes, List<TraceProblem> problems) {

    public PlanetLabDay {
        nodes = List.copyOf(nodes);
        problems = List.copyOf(problems);
    }
}
