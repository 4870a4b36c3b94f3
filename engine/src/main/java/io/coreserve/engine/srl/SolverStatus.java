package io.coreserve.engine.srl;

/** What a solver could say about its answer (spec 4.5 step 6). */
public enum SolverStatus {
    /** The plan is proven optimal. */
    OPTIMAL,
    /** A plan was found but the limit struck before optimality was proven. */
    FEASIBLE,
    /** Proven: no plan satisfies the constraints. */
    INFEASIBLE,
    /** The limit struck before any plan was found; nothing is proven. */
    LIMIT;

    public boolean hasPlan() {
        return this == OPTIMAL || this == FEASIBLE;
    }
}
