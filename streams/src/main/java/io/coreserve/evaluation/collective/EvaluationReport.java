package io.coreserve.evaluation.collective;

import io.coreserve.engine.allocation.Algorithm;
import java.util.List;

/** Everything the evaluation found, per engine variant. */
public record EvaluationReport(EvaluationOptions options, int nodes, int skippedFiles, List<Variant> variants,
        double seconds) {

    /** One engine variant's Tables 2, 3 and 4 and Figure 2. */
    public record Variant(Algorithm algorithm, List<PerN> perN, PerN totals, OracleComparison oracleAll,
            OracleComparison oracleCandidates, Stats searchN5Total, Stats searchN5PhasesTwoToFive,
            Stats simpleSearchN5PhasesTwoToFive) {
    }

    /**
     * Table 2's column for one N (or the totals, n = 0). Starts and utilisations compared on the cases both
     * approaches solve; "better" means U~ higher by more than a relative 1e-9.
     */
    public record PerN(int n, int cases, int simpleSolved, int collectiveSolved, int bothSolved,
            int earlierCollective, int earlierSimple, int equalStart, int betterUtilisationSimple,
            int betterUtilisationCollective, double meanEarlierHours, double meanSimpleMillis,
            SearchMillis collectiveMillis) {

        /** Mean search time (Phases I-V) of the collective requests, ms. */
        public double meanCollectiveMillis() {
            return collectiveMillis.mean();
        }
    }

    /** Search times (Phases I-V) of a set of requests, in ms. */
    public record SearchMillis(double mean, double p50, double p99, double max) {

        static SearchMillis of(List<Double> millis) {
            if (millis.isEmpty()) {
                return new SearchMillis(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
            }
            double[] sorted = millis.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            return new SearchMillis(java.util.Arrays.stream(sorted).average().orElse(Double.NaN),
                    sorted[(sorted.length - 1) / 2], sorted[(int) Math.ceil(0.99 * sorted.length) - 1],
                    sorted[sorted.length - 1]);
        }
    }

    /**
     * Table 3 for one oracle scope.
     *
     * @param startUnproven       cases whose earliest start is not proven (a feasibility search ran out of budget)
     * @param utilisationUnproven solved cases whose best U~ is not proven optimal (branch and bound out of budget;
     *                            the best found and a proven upper bound are used)
     */
    public record OracleComparison(String scope, int cases, int oracleSolved, int startUnproven,
            int utilisationUnproven,
            double meanOracleMillis, double maxOracleMillis, Grade collective, Grade simple) {
    }

    /**
     * One approach graded against the oracle on the oracle's cases.
     *
     * @param solvedWithoutOracle cases the approach solved and the oracle did not (0 unless something is wrong)
     * @param earlierThanOracle   cases the approach started earlier than the oracle (0 unless something is wrong)
     * @param laterStart          both solved, the approach started later
     * @param meanDelayHours      their mean delay
     * @param equalStart          both solved at the same start
     * @param meanUtilisationRatio mean of U~(approach) / U~(oracle) at equal starts, U~(oracle) the best set
     *                            found (the optimum where the branch and bound finished)
     * @param meanRatioToBound    mean of U~(approach) / (proven upper bound of the optimum): equal to the ratio
     *                            above when every case is proven, else a guaranteed lower bound of the true ratio
     * @param above99             equal starts with a ratio of at least 0.99
     */
    public record Grade(int solved, int solvedWithoutOracle, int earlierThanOracle, int laterStart,
            double meanDelayHours, int equalStart, double meanUtilisationRatio, double minUtilisationRatio,
            double maxUtilisationRatio, double meanRatioToBound, int above99) {
    }
}
