package io.coreserve.engine.allocation;

import io.coreserve.engine.catalogue.ResourceCatalogue;

/**
 * Phase I (section 3.1): find resources that comply with the request regardless of the timetables.
 * Pluggable; the default is {@link RandomSampleDiscovery}.
 */
@FunctionalInterface
public interface ResourceDiscovery {

    /**
     * Up to {@code wanted} distinct resource indexes, ascending, that carry the request's labels and have
     * p_ij >= e_i for every property. Must be deterministic for the same request (its seed) and catalogue.
     */
    int[] discover(ResourceCatalogue catalogue, ResolvedRequest request, int wanted);
}
