package io.coreserve.evaluation.collective;

import io.coreserve.engine.allocation.Algorithm;
import io.coreserve.engine.allocation.CoAllocator;
import io.coreserve.engine.allocation.EngineConfig;
import io.coreserve.engine.allocation.Plan;
import io.coreserve.evaluation.collective.EvaluationReport.Grade;
import io.coreserve.evaluation.collective.EvaluationReport.OracleComparison;
import io.coreserve.evaluation.collective.EvaluationReport.PerN;
import io.coreserve.evaluation.collective.EvaluationReport.Variant;
import io.coreserve.engine.exact.ExactOracle;
import io.coreserve.engine.exact.OracleRequest;
import io.coreserve.engine.exact.OracleResult;
import io.coreserve.engine.exact.Scope;
import io.coreserve.trace.planetlab.PlanetLabDay;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Rebuilds the evaluation of seed paper 000, sections 4.2 to 4.5, on PlanetLab data: the engine (one variant
 * or both) on the simple and the collective request of every test case, each probed against the same
 * background state (probing books nothing, so cases are independent), with M_init = M_max = 3, L_1 = 7,
 * L_2 = 10; the cases of N = 5 graded against the exact oracle over all matching resources and over the
 * heuristic's own candidate set R_job.
 */
public final class CollectiveEvaluation {

    private static final double BETTER = 1e-9;

    private final PrintStream progress;

    public CollectiveEvaluation(PrintStream progress) {
        this.progress = progress;
    }

    public EvaluationReport run(PlanetLabDay day, EvaluationOptions options) {
        long begin = System.nanoTime();
        CollectiveInstance instance = CollectiveInstance.build(options.nodeSource().nodes(day.nodes()),
                options.nodes(), options.seed(), options.occupancy(), options.loadScale(), options.opteronFraction());
        progress.printf("instance: %d nodes from %d files (%s; %d files skipped), occupancy %s, load scale %s%n",
                instance.nodes().size(), day.nodes().size(), options.nodeSource(), day.problems().size(),
                options.occupancy(), options.loadScale());
        List<TestCase> cases = TestCaseGenerator.generate(options.counts(), options.cases(), options.seed());

        // The oracle over all matching resources does not depend on the engine variant: once per graded case.
        ExactOracle oracle = new ExactOracle(instance.catalogue(), instance.timetables(),
                options.feasibilityBudget(), options.optimisationBudget());
        List<TestCase> graded = cases.stream().filter(c -> c.n() == options.oracleCount()).toList();
        List<OracleResult> oracleAll = new ArrayList<>();
        for (int k = 0; k < graded.size(); k++) {
            oracleAll.add(oracle.solve(OracleRequest.of(graded.get(k).collective(), instance.catalogue().properties())));
            if ((k + 1) % 10 == 0 || k + 1 == graded.size()) {
                progress.printf("oracle (all resources), N=%d: %d/%d cases, %.1f s%n", options.oracleCount(), k + 1,
                        graded.size(), (System.nanoTime() - begin) / 1e9);
            }
        }

        List<Variant> variants = new ArrayList<>();
        for (Algorithm algorithm : options.algorithms()) {
            EngineConfig config = EngineConfig.defaults().withSeed(options.seed()).withAlgorithm(algorithm)
                    .withM(3, 3).withLimits(7, 10).withExactBudget(options.exactBudget());
            RecordingDiscovery discovery = new RecordingDiscovery();
            CoAllocator engine = new CoAllocator(instance.catalogue(), instance.timetables(), config, discovery);
            for (TestCase c : cases) { // warm-up, so that search times are not JIT compilation times
                engine.probe(c.simple());
                engine.probe(c.collective());
            }
            List<CaseResult> results = new ArrayList<>(cases.size());
            for (TestCase c : cases) {
                results.add(new CaseResult(c, engine.probe(c.simple()), engine.probe(c.collective()),
                        discovery.candidates(c.collective().requestId())));
            }
            progress.printf("engine %s: %d cases probed, %.1f s%n", algorithm, results.size(),
                    (System.nanoTime() - begin) / 1e9);

            List<CaseResult> gradedResults = results.stream().filter(r -> r.testCase().n() == options.oracleCount())
                    .toList();
            List<OracleResult> oracleCandidates = new ArrayList<>();
            for (int k = 0; k < gradedResults.size(); k++) {
                CaseResult r = gradedResults.get(k);
                if (coversEveryNode(r.collectiveCandidates(), instance.catalogue().size())) {
                    // R_job is every node: the very search over all of them, done once above
                    oracleCandidates.add(oracleAll.get(k).withScope(Scope.CANDIDATES));
                    continue;
                }
                Plan hint = r.collectivePlan();
                oracleCandidates.add(oracle.solve(OracleRequest.of(r.testCase().collective(),
                        instance.catalogue().properties()), r.collectiveCandidates(), hint == null ? null
                        : hint.assignments().stream().mapToInt(a -> a.resource()).toArray()));
            }
            List<PerN> perN = new ArrayList<>();
            for (int n : options.counts()) {
                perN.add(perN(n, results.stream().filter(r -> r.testCase().n() == n).toList()));
            }
            PerN totals = perN(0, results);
            OracleComparison all = graded.isEmpty() ? null
                    : compare("all", gradedResults, oracleAll, true);
            OracleComparison candidates = graded.isEmpty() ? null
                    : compare("candidates", gradedResults, oracleCandidates, false);
            variants.add(new Variant(algorithm, perN, totals, all, candidates,
                    searchStats(gradedResults, r -> CaseResult.totalMillis(r.collective().stats())),
                    searchStats(gradedResults, r -> CaseResult.phasesTwoToFiveMillis(r.collective().stats())),
                    searchStats(gradedResults, r -> CaseResult.phasesTwoToFiveMillis(r.simple().stats()))));
        }
        return new EvaluationReport(options, instance.nodes().size(), day.problems().size(), variants,
                (System.nanoTime() - begin) / 1e9);
    }

    private static boolean coversEveryNode(int[] candidates, int nodes) {
        if (candidates == null || candidates.length != nodes) {
            return false;
        }
        boolean[] seen = new boolean[nodes];
        for (int c : candidates) {
            if (c < 0 || c >= nodes || seen[c]) {
                return false;
            }
            seen[c] = true;
        }
        return true;
    }

    static PerN perN(int n, List<CaseResult> results) {
        int simple = 0;
        int collective = 0;
        int both = 0;
        int earlierCollective = 0;
        int earlierSimple = 0;
        int equal = 0;
        int betterSimple = 0;
        int betterCollective = 0;
        double earlierHours = 0;
        double simpleMillis = 0;
        List<Double> collectiveTimes = new ArrayList<>();
        for (CaseResult r : results) {
            Plan s = r.simplePlan();
            Plan c = r.collectivePlan();
            simpleMillis += CaseResult.totalMillis(r.simple().stats());
            collectiveTimes.add(CaseResult.totalMillis(r.collective().stats()));
            simple += s != null ? 1 : 0;
            collective += c != null ? 1 : 0;
            if (s == null || c == null) {
                continue;
            }
            both++;
            if (c.start() < s.start()) {
                earlierCollective++;
                earlierHours += (s.start() - c.start()) / 3_600_000.0;
            } else if (s.start() < c.start()) {
                earlierSimple++;
            } else {
                equal++;
                double us = s.utilisationEstimate();
                double uc = c.utilisationEstimate();
                if (us > uc * (1 + BETTER)) {
                    betterSimple++;
                } else if (uc > us * (1 + BETTER)) {
                    betterCollective++;
                }
            }
        }
        int count = results.size();
        return new PerN(n, count, simple, collective, both, earlierCollective, earlierSimple, equal, betterSimple,
                betterCollective, earlierCollective == 0 ? Double.NaN : earlierHours / earlierCollective,
                count == 0 ? Double.NaN : simpleMillis / count, EvaluationReport.SearchMillis.of(collectiveTimes));
    }

    static OracleComparison compare(String scope, List<CaseResult> results, List<OracleResult> oracle,
            boolean gradeSimple) {
        int solved = 0;
        int startUnproven = 0;
        int utilisationUnproven = 0;
        List<Double> millis = new ArrayList<>();
        for (OracleResult o : oracle) {
            solved += o.solved() ? 1 : 0;
            startUnproven += o.startProven() ? 0 : 1;
            utilisationUnproven += o.solved() && !o.utilisationProven() ? 1 : 0;
            millis.add(o.nanos() / 1e6);
        }
        Stats time = Stats.of(millis);
        return new OracleComparison(scope, oracle.size(), solved, startUnproven, utilisationUnproven, time.mean(), time.max(),
                grade(results, oracle, CaseResult::collectivePlan),
                gradeSimple ? grade(results, oracle, CaseResult::simplePlan) : null);
    }

    static Grade grade(List<CaseResult> results, List<OracleResult> oracle, Function<CaseResult, Plan> approach) {
        int solved = 0;
        int withoutOracle = 0;
        int earlier = 0;
        int later = 0;
        double delay = 0;
        List<Double> ratios = new ArrayList<>();
        List<Double> toBound = new ArrayList<>();
        int above99 = 0;
        for (int k = 0; k < results.size(); k++) {
            Plan plan = approach.apply(results.get(k));
            OracleResult o = oracle.get(k);
            if (plan == null) {
                continue;
            }
            solved++;
            if (!o.solved()) {
                withoutOracle++;
            } else if (plan.start() < o.start()) {
                earlier++;
            } else if (plan.start() > o.start()) {
                later++;
                delay += (plan.start() - o.start()) / 3_600_000.0;
            } else {
                double ratio = plan.utilisationEstimate() / o.utilisation();
                ratios.add(ratio);
                toBound.add(plan.utilisationEstimate() / o.upperBound());
                above99 += ratio >= 0.99 ? 1 : 0;
            }
        }
        Stats r = Stats.of(ratios);
        return new Grade(solved, withoutOracle, earlier, later, later == 0 ? Double.NaN : delay / later,
                ratios.size(), r.mean(), r.min(), r.max(), Stats.of(toBound).mean(), above99);
    }

    private static Stats searchStats(List<CaseResult> results, java.util.function.ToDoubleFunction<CaseResult> f) {
        List<Double> values = new ArrayList<>();
        for (CaseResult r : results) {
            values.add(f.applyAsDouble(r));
        }
        return Stats.of(values);
    }
}
