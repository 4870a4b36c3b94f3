package io.coreserve.evaluation.collective;

import io.coreserve.trace.planetlab.NodeTrace;
import java.util.List;

/** What a node of the evaluation is made of: a PlanetLab node (its slices summed) or a single slice file. */
public enum NodeSource {
    /** One node per PlanetLab host, its usage the sum of its slices ({@link HostTraces}); section 4.2's nodes. */
    HOSTS,
    /** One node per slice file, as if each slice had a node to itself: a much emptier grid. */
    SLICES;

    List<NodeTrace> nodes(List<NodeTrace> files) {
        return this == HOSTS ? HostTraces.aggregate(files) : files;
    }
}
