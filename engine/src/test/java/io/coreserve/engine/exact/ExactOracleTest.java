package io.coreserve.engine.exact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.coreserve.engine.catalogue.InMemoryCatalogue;
import io.coreserve.engine.model.PropertySchema;
import io.coreserve.engine.model.Quantity;
import io.coreserve.engine.model.Request;
import io.coreserve.engine.model.Resource;
import io.coreserve.engine.timetable.InMemoryTimetables;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ExactOracleTest {

    private static final long MIN = 60_000L;
    private static final PropertySchema TWO = PropertySchema.of("cpu", "mem");

    @Test
    void shouldFindTheHandComputedEarliestStartAndBestUtilisation() {
        InMemoryCatalogue catalogue = new InMemoryCatalogue(TWO);
        catalogue.add(new Resource("r0", Map.of("cpu", 4.0, "mem", 4.0)));
        catalogue.add(new Resource("r1", Map.of("cpu", 2.0, "mem", 2.0)));
        catalogue.add(new Resource("r2", Map.of("cpu", 2.0, "mem", 2.0)));
        catalogue.add(new Resource("r3", Map.of("cpu", 1.0, "mem", 1.0)));
        InMemoryTimetables timetables = new InMemoryTimetables(4, 2);
        timetables.reserve(0, 0, 60 * MIN, micros(4, 4));
        timetables.reserve(2, 0, 120 * MIN, micros(1, 0));
        Request request = Request.builder("hand", "u").count(2).duration(30 * MIN).window(0, 180 * MIN)
                .perResource("cpu", 0.5).perResource("mem", 0.5).total("cpu", 4).total("mem", 3).build();

        OracleResult result = new ExactOracle(catalogue, timetables, 1_000_000, 1_000_000)
                .solve(OracleRequest.of(request, TWO));

        // At 0 no pair reaches 4 cpu; at 60 min r0 is free: r0+r1 -> 4/6*3/6, r0+r2 -> 5/6*3/6, r0+r3 -> 4/5*3/5.
        assertThat(result.solved()).isTrue();
        assertThat(result.start()).isEqualTo(60 * MIN);
        assertThat(result.utilisation()).isCloseTo(0.48, within(1e-12));
        assertThat(result.resources()).containsExactly(0, 3);
        assertThat(result.utilisationProven()).isTrue();
        assertThat(result.scope()).isEqualTo(Scope.ALL);
    }

    @Test
    void shouldOnlyChooseFromTheCandidateScope() {
        InMemoryCatalogue catalogue = new InMemoryCatalogue(TWO);
        catalogue.add(new Resource("r0", Map.of("cpu", 4.0, "mem", 4.0)));
        catalogue.add(new Resource("r1", Map.of("cpu", 2.0, "mem", 2.0)));
        catalogue.add(new Resource("r2", Map.of("cpu", 2.0, "mem", 2.0)));
        catalogue.add(new Resource("r3", Map.of("cpu", 1.0, "mem", 1.0)));
        InMemoryTimetables timetables = new InMemoryTimetables(4, 2);
        Request request = Request.builder("scope", "u").count(2).duration(30 * MIN).window(0, 180 * MIN)
                .perResource("cpu", 0.5).perResource("mem", 0.5).total("cpu", 4).total("mem", 3).build();

        OracleResult result = new ExactOracle(catalogue, timetables, 1_000_000, 1_000_000)
                .solve(OracleRequest.of(request, TWO), new int[] {0, 1, 2}, null);

        assertThat(result.scope()).isEqualTo(Scope.CANDIDATES);
        assertThat(result.start()).isZero();
        // Nothing reserved: r1+r2 -> 4/4 * 3/4 beats r0+r1 and r0+r2 (4/6 * 3/6); r3 is outside the scope.
        assertThat(result.resources()).containsExactly(1, 2);
        assertThat(result.utilisation()).isCloseTo(0.75, within(1e-12));
    }

    @Test
    void shouldAgreeWithBruteForceOverAllSubsetsOnRandomInstances() {
        PropertySchema three = PropertySchema.of("a", "b", "c");
        SplittableRandom random = new SplittableRandom(7);
        int solvedCount = 0;
        for (int instance = 0; instance < 150; instance++) {
            int size = 5 + random.nextInt(8);
            InMemoryCatalogue catalogue = new InMemoryCatalogue(three);
            InMemoryTimetables timetables = new InMemoryTimetables(size, 3);
            for (int j = 0; j < size; j++) {
                catalogue.add(new Resource("r" + j, Map.of("a", 1.0 + random.nextInt(8), "b",
                        1 + random.nextInt(300) / 100.0, "c", 0.5 + random.nextInt(700) / 100.0)));
                for (int r = 0; r < 3; r++) {
                    long from = 5 * MIN * random.nextInt(24);
                    long to = from + 5 * MIN * (1 + random.nextInt(12));
                    long[] amount = new long[3];
                    for (int i = 0; i < 3; i++) {
                        amount[i] = catalogue.capacity(j, i) / 4 * random.nextInt(2);
                    }
                    timetables.reserve(j, from, to, amount);
                }
            }
            int n = 2 + random.nextInt(Math.min(3, size - 2));
            long earliest = 5 * MIN * random.nextInt(6);
            Request.Builder b = Request.builder("x" + instance, "u").count(n).duration(5 * MIN * (1 + random.nextInt(6)))
                    .window(earliest, earliest + 5 * MIN * random.nextInt(20));
            for (String name : three.names()) {
                double total = n * (0.5 + random.nextDouble() * 2.5);
                b.total(name, total).perResource(name, total / (2.0 * n));
            }
            OracleRequest request = OracleRequest.of(b.build(), three);

            OracleResult oracle = new ExactOracle(catalogue, timetables, 10_000_000, 10_000_000).solve(request);
            double[] brute = BruteForce.solve(catalogue, timetables, request, 5 * MIN);

            assertThat(oracle.solved()).as("instance %d", instance).isEqualTo(brute != null);
            if (brute != null) {
                solvedCount++;
                assertThat(oracle.start()).as("instance %d", instance).isEqualTo((long) brute[0]);
                assertThat(oracle.utilisation()).as("instance %d", instance).isCloseTo(brute[1], within(1e-9));
                assertThat(oracle.utilisationProven()).isTrue();
            }
        }
        assertThat(solvedCount).isGreaterThan(20);
    }

    @Test
    void shouldReportAnUnprovenUtilisationWithItsUpperBoundWhenTheBudgetIsTiny() {
        InMemoryCatalogue catalogue = new InMemoryCatalogue(TWO);
        SplittableRandom random = new SplittableRandom(17);
        int size = 30;
        InMemoryTimetables timetables = new InMemoryTimetables(size, 2);
        for (int j = 0; j < size; j++) {
            catalogue.add(new Resource("r" + j, Map.of("cpu", 1.0 + random.nextInt(8),
                    "mem", 1 + random.nextInt(700) / 100.0)));
            timetables.reserve(j, 0, 60 * MIN, micros(random.nextInt(50) / 100.0, random.nextInt(50) / 100.0));
        }
        Request request = Request.builder("tiny", "u").count(4).duration(30 * MIN).window(0, 0)
                .perResource("cpu", 0.5).perResource("mem", 0.5).total("cpu", 10).total("mem", 9).build();

        OracleResult tiny = new ExactOracle(catalogue, timetables, 1_000_000, 3).solve(OracleRequest.of(request, TWO));
        OracleResult full = new ExactOracle(catalogue, timetables, 1_000_000, 100_000_000)
                .solve(OracleRequest.of(request, TWO));

        assertThat(full.utilisationProven()).isTrue();
        assertThat(tiny.solved()).isTrue();
        assertThat(tiny.startProven()).isTrue();
        assertThat(tiny.utilisationProven()).isFalse();
        assertThat(tiny.utilisation()).isLessThanOrEqualTo(full.utilisation());
        assertThat(tiny.upperBound()).isGreaterThanOrEqualTo(full.utilisation());
    }

    private static long[] micros(double... units) {
        long[] out = new long[units.length];
        for (int i = 0; i < units.length; i++) {
            out[i] = Quantity.toMicros(units[i]);
        }
        return out;
    }
}
