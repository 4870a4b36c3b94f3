package io.coreserve.engine.allocation;

import java.util.List;

/**
 * An admissible solution (section 2): start time t_s, the N resources and what is reserved on each over
 * [start, end), end = t_s + t_res.
 *
 * @param utilisation          U(R_s, t_s) of eq. (2) after booking: the product over all system properties
 *                             of sum_j (T_ij(t_s) + x_ij) / sum_j p_ij over the chosen set at the start time
 * @param utilisationEstimate  the worst-case estimate U~(R_s, t_s) of Phase V, the product of eq. (3)
 * @param optimality           how far the EXACT algorithm's U~ is proven optimal at t_s; null for the others
 */
public record Plan(String requestId, long start, long end, List<Assignment> assignments, double utilisation,
        double utilisationEstimate, Algorithm algorithm, SearchStats stats, Optimality optimality)
        implements Outcome {

    public Plan {
        assignments = List.copyOf(assignments);
    }

    /** A plan without an optimality proof (PAPER, IMPROVED, or rebuilt from a decision). */
    public Plan(String requestId, long start, long end, List<Assignment> assignments, double utilisation,
            double utilisationEstimate, Algorithm algorithm, SearchStats stats) {
        this(requestId, start, end, assignments, utilisation, utilisationEstimate, algorithm, stats, null);
    }
}
