package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.coreserve.engine.exact.ExactOracle;
import io.coreserve.engine.exact.OracleRequest;
import io.coreserve.engine.exact.OracleResult;
import io.coreserve.engine.model.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The EXACT algorithm against IMPROVED (whose plan it starts from) and against the exact oracle, on random
 * grids of 20 to 60 partly busy nodes and collective requests of N = 2 to 6 (each request probed on the same
 * books: probing books nothing).
 */
class ExactAlgorithmProperties {

    private static final String[] PROPERTIES = {"cores", "cpu_ghz", "memory_gb"};
    private static final long HOUR = 3_600_000L;

    private record Instance(Grid grid, List<Request> requests) {
    }

    private static Instance instance(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Grid grid = new Grid(PROPERTIES);
        int nodes = 20 + random.nextInt(41);
        for (int k = 0; k < nodes; k++) {
            double[] capacity = {1 + random.nextInt(8), 1.4 + random.nextDouble() * 2.2, 1 + random.nextDouble() * 7};
            int node = grid.node("n" + k, capacity);
            for (int b = 0; b < 4; b++) { // four blocks of at most a quarter of each capacity always fit together
                long from = random.nextInt(48) * HOUR / 4;
                grid.busy(node, from, from + (1 + random.nextInt(8)) * HOUR / 4, random.nextDouble() * capacity[0] / 4,
                        random.nextDouble() * capacity[1] / 4, random.nextDouble() * capacity[2] / 4);
            }
        }
        List<Request> requests = new ArrayList<>();
        for (int q = 0; q < 6; q++) {
            int n = 2 + random.nextInt(5);
            long earliest = random.nextInt(8) * HOUR / 2;
            Request.Builder b = Request.builder("q" + q, "u").duration((1 + random.nextInt(4)) * HOUR / 2).count(n)
                    .window(earliest, earliest + 6 * HOUR);
            for (String property : PROPERTIES) {
                double d = n * (1 + random.nextDouble() * 1.5);
                b.total(property, d).perResource(property, d / (2 * n));
            }
            requests.add(b.build());
        }
        return new Instance(grid, requests);
    }

    private static CoAllocator engine(Grid grid, Algorithm algorithm, long budget) {
        return grid.engine(EngineConfig.defaults().withAlgorithm(algorithm).withExactBudget(budget));
    }

    @Property(tries = 30)
    void exactStartsWhereImprovedStartsAndIsNeverWorse(@ForAll("seeds") long seed) {
        Instance s = instance(seed);
        CoAllocator improved = engine(s.grid(), Algorithm.IMPROVED, 0);
        CoAllocator exact = engine(s.grid(), Algorithm.EXACT, 20_000);
        for (Request request : s.requests()) {
            Outcome a = improved.probe(request);
            Outcome b = exact.probe(request);
            assertThat(b instanceof Plan).isEqualTo(a instanceof Plan);
            Statistics.label("improved plans").collect(a instanceof Plan);
            if (a instanceof Plan p && b instanceof Plan q) {
                assertThat(q.start()).isEqualTo(p.start());
                assertThat(q.utilisationEstimate()).isGreaterThanOrEqualTo(p.utilisationEstimate());
                assertThat(q.optimality().upperBound()).isGreaterThanOrEqualTo(q.utilisationEstimate() * (1 - 1e-12));
                assertThat(p.optimality()).isNull();
            }
        }
        Statistics.label("improved plans").coverage(c -> c.check(true).count(n -> n > 0));
    }

    @Property(tries = 30)
    void aProvenPlanHasTheOraclesOptimumAtItsStart(@ForAll("seeds") long seed) {
        Instance s = instance(seed);
        CoAllocator exact = engine(s.grid(), Algorithm.EXACT, 10_000_000);
        ExactOracle oracle = new ExactOracle(s.grid().catalogue, s.grid().timetables, 10_000_000, 10_000_000);
        for (Request request : s.requests()) {
            Outcome outcome = exact.probe(request);
            Statistics.label("exact plans").collect(outcome instanceof Plan);
            if (outcome instanceof Plan plan) {
                assertThat(plan.optimality().proven()).isTrue();
                OracleResult best = oracle.solve(OracleRequest.of(at(request, plan.start()), s.grid().properties));
                assertThat(best.utilisationProven()).isTrue();
                assertThat(plan.utilisationEstimate()).isCloseTo(best.utilisation(), within(1e-9));
            }
        }
        Statistics.label("exact plans").coverage(c -> c.check(true).count(n -> n > 0));
    }

    @Property(tries = 30)
    void aBudgetOneNodeShortOfTheProofLeavesItUnproven(@ForAll("seeds") long seed) {
        Instance s = instance(seed);
        for (Request request : s.requests()) {
            if (engine(s.grid(), Algorithm.EXACT, 10_000_000).probe(request) instanceof Plan full
                    && full.optimality().nodes() > 0) {
                Plan cut = (Plan) engine(s.grid(), Algorithm.EXACT, full.optimality().nodes() - 1).probe(request);
                Statistics.label("cut searches").collect(full.optimality().nodes() > 10);
                assertThat(cut.optimality().proven()).isFalse();
                assertThat(cut.utilisationEstimate()).isLessThanOrEqualTo(full.utilisationEstimate());
                assertThat(cut.optimality().upperBound()).isGreaterThanOrEqualTo(full.utilisationEstimate() * (1 - 1e-12));
            }
        }
        Statistics.label("cut searches").coverage(c -> c.check(true).count(n -> n > 0));
    }

    @Property(tries = 15)
    void theSameInputGivesTheSamePlan(@ForAll("seeds") long seed) {
        Instance s = instance(seed);
        for (long budget : new long[] {50, 10_000_000}) {
            List<Outcome> first = new ArrayList<>();
            List<Outcome> second = new ArrayList<>();
            for (Request request : s.requests()) {
                first.add(engine(s.grid(), Algorithm.EXACT, budget).probe(request));
                second.add(engine(s.grid(), Algorithm.EXACT, budget).probe(request));
            }
            for (int k = 0; k < first.size(); k++) {
                if (first.get(k) instanceof Plan p) {
                    Plan q = (Plan) second.get(k);
                    assertThat(q.start()).isEqualTo(p.start());
                    assertThat(q.assignments()).isEqualTo(p.assignments());
                    assertThat(q.optimality()).isEqualTo(p.optimality());
                } else {
                    assertThat(second.get(k)).isInstanceOf(Rejection.class);
                }
            }
        }
    }

    /** The same request with the window [t, t]. */
    private static Request at(Request r, long t) {
        Request.Builder b = Request.builder(r.requestId(), r.userId()).duration(r.durationMillis()).count(r.count()).window(t, t);
        r.totals().forEach(b::total);
        r.perResource().forEach(b::perResource);
        return b.build();
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }
}
