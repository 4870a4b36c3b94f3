package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.engine.model.Request;
import io.coreserve.engine.timetable.Timetable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Invariants of the engine over random grids and random request streams (collective requests as in section
 * 4.2: d_i from [N(mean - 2 sd), N(mean + 0.5 sd)], e_i = d_i / (2N)).
 */
class CoAllocatorProperties {

    private static final String[] PROPERTIES = {"cores", "cpu_ghz", "memory_gb"};
    private static final double[] MEAN = {2.90, 2.68, 2.95};
    private static final double[] SD = {1.51, 0.36, 0.84};
    private static final long HOUR = 3_600_000L;

    /** A random grid with random background reservations, and the requests to run on it. */
    private record Scenario(Grid grid, List<Request> requests) {
    }

    private static Scenario scenario(long seed, int nodes, int requests) {
        Random random = new Random(seed);
        Grid grid = new Grid(PROPERTIES);
        for (int k = 0; k < nodes; k++) {
            double[] capacity = {1 + random.nextInt(8), 1.4 + random.nextDouble() * 2.2,
                0.73 + random.nextDouble() * 7};
            int node = grid.node("n" + k, capacity);
            // Three background blocks of at most a third of each capacity: together they always fit.
            for (int b = 0; b < 3; b++) {
                long from = random.nextInt(24) * HOUR / 2;
                grid.busy(node, from, from + (1 + random.nextInt(6)) * HOUR / 2, random.nextDouble() * capacity[0] / 3,
                        random.nextDouble() * capacity[1] / 3, random.nextDouble() * capacity[2] / 3);
            }
        }
        List<Request> list = new ArrayList<>();
        for (int q = 0; q < requests; q++) {
            int n = 1 + random.nextInt(5);
            long earliest = random.nextInt(12) * HOUR / 2;
            Request.Builder b = Request.builder("q" + q, "u").duration((1 + random.nextInt(6)) * HOUR / 2).count(n)
                    .window(earliest, earliest + random.nextInt(24) * HOUR / 2);
            for (int i = 0; i < PROPERTIES.length; i++) {
                if (random.nextInt(4) > 0) {
                    double low = n * (MEAN[i] - 2 * SD[i]);
                    double d = low + random.nextDouble() * (n * (MEAN[i] + 0.5 * SD[i]) - low);
                    b.total(PROPERTIES[i], d).perResource(PROPERTIES[i], d / (2 * n));
                }
            }
            list.add(b.build());
        }
        return new Scenario(grid, list);
    }

    @Property(tries = 40)
    void neverOverCommitsAnyResourceAndEveryPlanMeetsItsRequest(@ForAll("seeds") long seed,
            @ForAll @IntRange(min = 4, max = 30) int nodes, @ForAll boolean improved) {
        Scenario s = scenario(seed, nodes, 25);
        CoAllocator engine = s.grid().engine(EngineConfig.defaults().withSeed(seed)
                .withAlgorithm(improved ? Algorithm.IMPROVED : Algorithm.PAPER));
        RequestValidator validator = new RequestValidator(s.grid().properties, engine.config());

        for (Request request : s.requests()) {
            if (engine.allocate(request) instanceof Plan plan) {
                ResolvedRequest r = (ResolvedRequest) validator.resolve(request);
                assertThat(plan.assignments()).hasSize(r.count());
                assertThat(plan.assignments().stream().map(Assignment::resource).distinct()).hasSize(r.count());
                assertThat(plan.start()).isBetween(r.earliest(), r.latest());
                for (int i = 0; i < PROPERTIES.length; i++) {
                    int property = i;
                    long total = plan.assignments().stream().mapToLong(a -> a.amounts()[property]).sum();
                    assertThat(total).isGreaterThanOrEqualTo(r.totals()[i]);
                    assertThat(plan.assignments()).allSatisfy(
                            a -> assertThat(a.amounts()[property]).isGreaterThanOrEqualTo(r.perResource()[property]));
                }
                assertThat(plan.utilisationEstimate()).isLessThanOrEqualTo(1.0 + 1e-12);
            }
        }
        assertNoOverCommitment(s.grid());
    }

    @Property(tries = 25)
    void releasingEveryBookingInAnyOrderRestoresTheTimetablesExactly(@ForAll("seeds") long seed,
            @ForAll boolean improved) {
        Scenario s = scenario(seed, 12, 20);
        Grid grid = s.grid();
        List<long[]> timesBefore = new ArrayList<>();
        List<long[]> valuesBefore = new ArrayList<>();
        for (int k = 0; k < grid.catalogue.size(); k++) {
            timesBefore.add(grid.timetables.timetable(k).times());
            valuesBefore.add(grid.timetables.timetable(k).values());
        }
        CoAllocator engine = grid.engine(EngineConfig.defaults()
                .withAlgorithm(improved ? Algorithm.IMPROVED : Algorithm.PAPER));
        List<Plan> booked = new ArrayList<>();
        for (Request request : s.requests()) {
            if (engine.allocate(request) instanceof Plan plan) {
                booked.add(plan);
            }
        }
        Collections.shuffle(booked, new Random(seed));
        booked.forEach(engine::release);

        for (int k = 0; k < grid.catalogue.size(); k++) {
            assertThat(grid.timetables.timetable(k).times()).containsExactly(timesBefore.get(k));
            assertThat(grid.timetables.timetable(k).values()).containsExactly(valuesBefore.get(k));
        }
    }

    @Property(tries = 20)
    void theSameSeedGivesTheSameAnswers(@ForAll("seeds") long seed, @ForAll boolean improved) {
        List<String> first = answers(seed, improved);
        List<String> second = answers(seed, improved);
        assertThat(second).isEqualTo(first);
    }

    private static List<String> answers(long seed, boolean improved) {
        Scenario s = scenario(seed, 25, 15);
        CoAllocator engine = s.grid().engine(EngineConfig.defaults().withSeed(seed)
                .withAlgorithm(improved ? Algorithm.IMPROVED : Algorithm.PAPER));
        List<String> answers = new ArrayList<>();
        for (Request request : s.requests()) {
            Outcome outcome = engine.allocate(request);
            answers.add(outcome instanceof Plan plan ? plan.start() + " " + plan.assignments()
                    : ((Rejection) outcome).reason().name());
        }
        return answers;
    }

    private static void assertNoOverCommitment(Grid grid) {
        for (int k = 0; k < grid.catalogue.size(); k++) {
            Timetable timetable = grid.timetables.timetable(k);
            long[] values = timetable.values();
            for (int segment = 0; segment < timetable.breakpoints(); segment++) {
                for (int i = 0; i < PROPERTIES.length; i++) {
                    assertThat(values[segment * PROPERTIES.length + i])
                            .as("node %d property %s segment %d", k, PROPERTIES[i], segment)
                            .isBetween(0L, grid.catalogue.capacity(k, i));
                }
            }
        }
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<Long> seeds() {
        return net.jqwik.api.Arbitraries.longs();
    }
}
