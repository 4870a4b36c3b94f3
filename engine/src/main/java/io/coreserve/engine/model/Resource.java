package io.coreserve.engine.model;

import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A resource R_j (section 2): the smallest unit that can run independently, e.g. a node.
 *
 * @param id         a unique name
 * @param capacities the quantitative properties p_ij by property name, in the property's unit
 * @param labels     the qualitative properties, e.g. "arch=x86_64", "os=linux"
 */
public record Resource(String id, Map<String, Double> capacities, Set<String> labels) {

    public Resource {
        Objects.requireNonNull(id, "id");
        capacities = Map.copyOf(capacities);
        labels = Set.copyOf(labels);
    }

    public Resource(String id, Map<String, Double> capacities) {
        this(id, capacities, Set.of());
    }
}
