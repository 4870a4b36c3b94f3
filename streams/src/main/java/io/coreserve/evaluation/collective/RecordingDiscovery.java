package io.coreserve.evaluation.collective;

import io.coreserve.engine.allocation.RandomSampleDiscovery;
import io.coreserve.engine.allocation.ResolvedRequest;
import io.coreserve.engine.allocation.ResourceDiscovery;
import io.coreserve.engine.catalogue.ResourceCatalogue;
import java.util.HashMap;
import java.util.Map;

/**
 * Adapter around the engine's Phase I that remembers the last R_job returned per request id, so that the
 * oracle can search exactly the heuristic's candidate set (the paper's brute force did). The engine's
 * {@code Plan} does not expose R_job; this is the small adapter for that.
 */
final class RecordingDiscovery implements ResourceDiscovery {

    private final ResourceDiscovery delegate = new RandomSampleDiscovery();
    private final Map<String, int[]> last = new HashMap<>();

    @Override
    public int[] discover(ResourceCatalogue catalogue, ResolvedRequest request, int wanted) {
        int[] found = delegate.discover(catalogue, request, wanted);
        last.put(request.requestId(), found.clone());
        return found;
    }

    /** The last R_job of the request, or null. */
    int[] candidates(String requestId) {
        return last.get(requestId);
    }
}
