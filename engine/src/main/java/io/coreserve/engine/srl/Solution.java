package io.coreserve.engine.srl;

/**
 * A solver's answer: for every part the index of its chosen candidate (a co-reservation candidate, paper step 5),
 * or null without a plan.
 *
 * @param objective the integer objective (Σ of the chosen candidates' coefficients) that every solver minimises,
 *                  so answers of different solvers compare exactly
 * @param nanos     solve time
 * @param nodes     search nodes or branches, solver specific (for the evaluation)
 */
public record Solution(SolverStatus status, int[] choice, long objective, String solver, long nanos, long nodes) {

    public static Solution without(SolverStatus status, String solver, long nanos, long nodes) {
        return new Solution(status, null, Long.MAX_VALUE, solver, nanos, nodes);
    }

    public double millis() {
        return nanos / 1e6;
    }
}
