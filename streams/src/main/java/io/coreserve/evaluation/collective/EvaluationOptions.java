package io.coreserve.evaluation.collective;

import io.coreserve.engine.allocation.Algorithm;
import io.coreserve.engine.allocation.EngineConfig;
import java.util.List;

/**
 * What to evaluate.
 *
 * @param nodes              PlanetLab nodes to take (606 in the paper; all the day has when fewer)
 * @param seed               seeds the node sample, capacities, test cases and the engine
 * @param cases              test cases per N (90 in the paper)
 * @param counts             the N values ({2, 5, 10, 15, 30, 60})
 * @param nodeSource         what a node is: a host with its slices summed (section 4.2) or one slice file
 * @param occupancy          utilisation to reserved amounts
 * @param loadScale          factor on every utilisation, capped at 100 % (1: the trace as measured)
 * @param opteronFraction    fraction of nodes labelled AMD Opteron (1: all)
 * @param algorithms         engine variants to run
 * @param oracleCount        N of the cases graded by the exact oracle (5), or 0 for none
 * @param feasibilityBudget  oracle search nodes per start time
 * @param optimisationBudget oracle branch-and-bound nodes per case
 * @param exactBudget        the exact algorithm's branch-and-bound nodes per request
 */
public record EvaluationOptions(int nodes, long seed, int cases, int[] counts, NodeSource nodeSource,
        Occupancy occupancy, double loadScale, double opteronFraction, List<Algorithm> algorithms, int oracleCount,
        long feasibilityBudget, long optimisationBudget, long exactBudget) {

    /** With the exact algorithm's default budget. */
    public EvaluationOptions(int nodes, long seed, int cases, int[] counts, NodeSource nodeSource,
            Occupancy occupancy, double loadScale, double opteronFraction, List<Algorithm> algorithms,
            int oracleCount, long feasibilityBudget, long optimisationBudget) {
        this(nodes, seed, cases, counts, nodeSource, occupancy, loadScale, opteronFraction, algorithms, oracleCount,
                feasibilityBudget, optimisationBudget, EngineConfig.DEFAULT_EXACT_BUDGET);
    }

    public static EvaluationOptions paper(long seed) {
        return new EvaluationOptions(606, seed, 90, TestCaseGenerator.COUNTS, NodeSource.HOSTS,
                Occupancy.PROPORTIONAL, 1.0, 1.0, List.of(Algorithm.PAPER, Algorithm.IMPROVED), 5, 5_000_000L,
                100_000_000L);
    }
}
