package io.coreserve.engine.srl;

/**
 * The exact reference for tests and the evaluation (spec 4.5 step 8): plain depth-first enumeration over the
 * parts, candidates in their given order, equalities propagated by look-up, and the only cut a bound of the
 * partial objective plus every remaining part's cheapest candidate. Slow on large models by design: it is simple
 * enough to trust.
 */
public final class EnumerationOracle implements CoReservationSolver {

    @Override
    public String name() {
        return "oracle";
    }

    @Override
    public Solution solve(CoReservationModel model) {
        long started = System.nanoTime();
        int n = model.parts();
        DepthFirstPlans plans = new DepthFirstPlans(model, DepthFirstPlans.order(model, 0), false, false,
                Long.MAX_VALUE);
        long[] remaining = new long[n + 1];
        for (int k = n - 1; k >= 0; k--) {
            int p = plans.order[k];
            long min = Long.MAX_VALUE;
            for (int c = 0; c < model.candidates(p); c++) {
                if (!model.isExcluded(p, c)) {
                    min = Math.min(min, model.objective(p)[c]);
                }
            }
            if (min == Long.MAX_VALUE) {
                return Solution.without(SolverStatus.INFEASIBLE, name(), System.nanoTime() - started, 0);
            }
            remaining[k] = remaining[k + 1] + min;
        }
        plans.search(0, 0, remaining, null);
        long nanos = System.nanoTime() - started;
        return plans.bestChoice == null
                ? Solution.without(SolverStatus.INFEASIBLE, name(), nanos, plans.nodes)
                : new Solution(SolverStatus.OPTIMAL, plans.bestChoice, plans.best, name(), nanos, plans.nodes);
    }
}
