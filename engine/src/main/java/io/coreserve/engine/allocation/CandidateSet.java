package io.coreserve.engine.allocation;

import io.coreserve.engine.catalogue.ResourceCatalogue;

/** R_job of Phase I: the candidate resources and their capacities p_ij, {@code capacity[k * P + i]}. */
final class CandidateSet {

    final int[] resources;
    final long[] capacity;
    final int properties;

    CandidateSet(ResourceCatalogue catalogue, int[] resources) {
        this.resources = resources;
        this.properties = catalogue.properties().size();
        this.capacity = new long[resources.length * properties];
        for (int k = 0; k < resources.length; k++) {
            for (int i = 0; i < properties; i++) {
                capacity[k * properties + i] = catalogue.capacity(resources[k], i);
            }
        }
    }

    int size() {
        return resources.length;
    }
}
