package io.coreserve.engine.exact;

/**
 * The oracle's answer for one request.
 *
 * @param scope              where it searched
 * @param solved             an admissible set exists at some start time in [t_e, t_l]
 * @param start              the earliest such start time (when solved)
 * @param utilisation        the maximum of U~ (eq. (3) multiplied over the properties) at that start time, or
 *                           the best found when {@code utilisationProven} is false
 * @param upperBound         a proven upper bound on U~ at that start time (equal to {@code utilisation} when
 *                           proven)
 * @param resources          a set reaching {@code utilisation}, resource indexes ascending
 * @param startProven        false only when the feasibility search of some earlier start time ran out of budget
 * @param utilisationProven  the branch and bound finished within its budget
 * @param nodes              search-tree nodes visited (feasibility and optimisation)
 * @param nanos              time taken
 */
public record OracleResult(Scope scope, boolean solved, long start, double utilisation, double upperBound,
        int[] resources, boolean startProven, boolean utilisationProven, long nodes, long nanos) {

    /** The same answer for another scope that holds the same matching resources. */
    public OracleResult withScope(Scope other) {
        return new OracleResult(other, solved, start, utilisation, upperBound, resources, startProven,
                utilisationProven, nodes, nanos);
    }

    static OracleResult unsolved(Scope scope, boolean proven, long nodes, long nanos) {
        return new OracleResult(scope, false, -1, Double.NaN, Double.NaN, new int[0], proven, proven, nodes, nanos);
    }
}
