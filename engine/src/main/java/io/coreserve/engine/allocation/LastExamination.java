package io.coreserve.engine.allocation;

import io.coreserve.engine.catalogue.ResourceCatalogue;
import java.util.Arrays;

/**
 * Phase II's answer (section 3.2) for the last candidates examined, given again for the same candidates, N and d_i:
 * a decision's three searches (its window, then after and before it) examine the same few hundred candidates for the
 * same request, and examining them each time was 2 % of the pipeline's stream thread on full books (perf). The
 * answer depends only on the candidates' capacities, which the catalogue never changes (it only grows), N and every
 * d_i. Not thread-safe, like the engine that owns it.
 */
final class LastExamination {

    private ResourceCatalogue catalogue;
    private int catalogueSize = -1;
    private int[] resources = new int[0];
    private int resourceCount;
    private int count = -1;
    private long[] totals = new long[0];
    private int answer;

    /** {@link ResourceExamination#unreachableProperty} for {@code candidates}, the resources {@code resources}. */
    int unreachableProperty(ResourceCatalogue catalogue, int[] resources, CandidateSet candidates,
            ResolvedRequest request) {
        if (catalogue == this.catalogue && catalogue.size() == catalogueSize && request.count() == count
                && Arrays.equals(resources, 0, resources.length, this.resources, 0, resourceCount)
                && Arrays.equals(request.totals(), totals)) {
            return answer;
        }
        answer = ResourceExamination.unreachableProperty(candidates, request);
        this.catalogue = catalogue;
        catalogueSize = catalogue.size();
        if (this.resources.length < resources.length) {
            this.resources = new int[resources.length];     // kept, not copied anew for every request
        }
        System.arraycopy(resources, 0, this.resources, 0, resources.length);
        resourceCount = resources.length;
        count = request.count();
        if (totals.length != request.totals().length) {
            totals = new long[request.totals().length];
        }
        System.arraycopy(request.totals(), 0, totals, 0, totals.length);
        return answer;
    }
}
