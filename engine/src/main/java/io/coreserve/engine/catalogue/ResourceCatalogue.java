package io.coreserve.engine.catalogue;

import io.coreserve.engine.model.PropertySchema;
import java.util.Set;

/**
 * The resources known to the engine, by dense index 0..size-1: their capacities p_ij (micro-units, see
 * {@code model.Quantity}) and qualitative labels. Phase I (discovery) reads it; timetables are keyed by the
 * same indexes.
 */
public interface ResourceCatalogue {

    /** The system's quantitative properties P. */
    PropertySchema properties();

    int size();

    String id(int resource);

    /** The index of a resource id, or -1. */
    int indexOf(String id);

    /** p_ij in micro-units. */
    long capacity(int resource, int property);

    /** True when the resource carries every one of the labels. */
    boolean hasLabels(int resource, Set<String> labels);

    /**
     * A superset of the resources carrying all the labels, to draw candidates from without scanning every
     * resource: e.g. the resources of the rarest label, or all resources when no label is asked for.
     */
    Population population(Set<String> labels);

    /** A read-only sequence of resource indexes. */
    interface Population {
        int size();

        int get(int position);
    }
}
