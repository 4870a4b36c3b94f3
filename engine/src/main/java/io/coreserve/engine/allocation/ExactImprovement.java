package io.coreserve.engine.allocation;

import io.coreserve.engine.exact.BestSubset;

/**
 * The EXACT algorithm's last step: from IMPROVED's Phase V result (an admissible R_s at t_s) as incumbent, the
 * branch and bound of {@link BestSubset} over all of R_a at t_s, under a node budget. Never worse than the
 * incumbent: the search only replaces it by a set of higher U~.
 */
final class ExactImprovement {

    private ExactImprovement() {
    }

    record Improved(Selection selection, Optimality optimality) {
    }

    static Improved run(Selection incumbent, ResolvedRequest request, long budget) {
        Availability a = incumbent.availability;
        int n = request.count();
        int[] start = java.util.Arrays.copyOf(incumbent.chosen, incumbent.chosenCount);
        BestSubset.Result best = BestSubset.maximise(a.reserved, a.capacity, a.size, a.properties,
                request.totals(), n, start, budget);
        Selection s = incumbent;
        if (best.value() > incumbent.estimate()) {
            s = Selection.of(a, request, best.members());
        }
        return new Improved(s, new Optimality(best.proven(), best.upperBound(), best.nodes()));
    }
}
