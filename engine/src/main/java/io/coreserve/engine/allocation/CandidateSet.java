package io.coreserve.engine.allocation;

import io.coreserve.engine.catalogue.ResourceCatalogue;

/**
 * R_job of Phase I: the candidate resources and their capacities p_ij, {@code capacity[k * P + i]}. A search refills
 * one set pass after pass ({@link #refill}) instead of allocating its arrays again: on full books a decision runs
 * three searches, and what they allocated kept the collector busy on the pipeline's second core.
 */
final class CandidateSet {

    int[] resources;
    long[] capacity = new long[0];
    final int properties;
    /** How many times this set was filled: a refilled set is another R_job to whoever kept answers about it. */
    long fill;

    CandidateSet(ResourceCatalogue catalogue, int[] resources) {
        this.properties = catalogue.properties().size();
        refill(catalogue, resources);
    }

    /** This set made R_job = {@code resources} with their capacities now (the catalogue may have changed). */
    CandidateSet refill(ResourceCatalogue catalogue, int[] resources) {
        this.resources = resources;
        fill++;
        if (capacity.length < resources.length * properties) {
            capacity = new long[resources.length * properties];
        }
        for (int k = 0; k < resources.length; k++) {
            for (int i = 0; i < properties; i++) {
                capacity[k * properties + i] = catalogue.capacity(resources[k], i);
            }
        }
        return this;
    }

    /** A scratch array of at least {@link #size} longs, e.g. for a property's column (overwritten by the next use). */
    long[] column() {
        if (column.length < resources.length) {
            column = new long[resources.length];
        }
        return column;
    }

    private long[] column = new long[0];

    int size() {
        return resources.length;
    }
}
