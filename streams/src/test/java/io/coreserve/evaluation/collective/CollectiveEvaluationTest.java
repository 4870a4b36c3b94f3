package io.coreserve.evaluation.collective;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.coreserve.engine.allocation.Algorithm;
import io.coreserve.engine.allocation.CoAllocator;
import io.coreserve.engine.allocation.EngineConfig;
import io.coreserve.engine.allocation.Plan;
import io.coreserve.engine.model.Request;
import io.coreserve.evaluation.collective.EvaluationReport.Grade;
import io.coreserve.evaluation.collective.EvaluationReport.Variant;
import io.coreserve.trace.planetlab.PlanetLabDay;
import io.coreserve.trace.planetlab.PlanetLabReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CollectiveEvaluationTest {

    @TempDir
    static Path dir;

    static EvaluationReport report;

    @BeforeAll
    static void runTinyEvaluation() throws IOException {
        Path traces = Files.createDirectories(dir.resolve("day"));
        SplittableRandom random = new SplittableRandom(3);
        for (int node = 0; node < 40; node++) {
            int base = random.nextInt(60);
            String lines = IntStream.range(0, 288).mapToObj(k -> String.valueOf(Math.min(100,
                    Math.max(0, base + random.nextInt(41) - 20)))).collect(Collectors.joining("\n"));
            Files.writeString(traces.resolve("node" + node), lines);
        }
        PlanetLabDay day = PlanetLabReader.read(traces);
        EvaluationOptions options = new EvaluationOptions(40, 9, 12, new int[] {2, 5}, NodeSource.HOSTS,
                Occupancy.PROPORTIONAL, 1.5, 1.0, List.of(Algorithm.PAPER, Algorithm.IMPROVED), 5, 1_000_000,
                1_000_000);
        report = new CollectiveEvaluation(new PrintStream(new ByteArrayOutputStream())).run(day, options);
    }

    @Test
    void shouldCountEveryCaseOnceAndAgreeBetweenTheTotalsAndPerN() {
        for (Variant v : report.variants()) {
            assertThat(v.totals().cases()).isEqualTo(24);
            assertThat(v.perN()).extracting(EvaluationReport.PerN::cases).containsExactly(12, 12);
            assertThat(v.totals().collectiveSolved())
                    .isEqualTo(v.perN().stream().mapToInt(EvaluationReport.PerN::collectiveSolved).sum());
            assertThat(v.totals().earlierCollective() + v.totals().earlierSimple() + v.totals().equalStart())
                    .isEqualTo(v.totals().bothSolved());
        }
    }

    @Test
    void shouldNeverLetTheHeuristicBeatTheOracle() {
        for (Variant v : report.variants()) {
            for (var o : List.of(v.oracleAll(), v.oracleCandidates())) {
                assertThat(o.cases()).isEqualTo(12);
                assertThat(o.startUnproven()).isZero();
                Grade c = o.collective();
                assertThat(c.solvedWithoutOracle()).isZero();
                assertThat(c.earlierThanOracle()).isZero();
                assertThat(c.laterStart() + c.equalStart()).isEqualTo(c.solved());
                if (c.equalStart() > 0) {
                    assertThat(c.maxUtilisationRatio()).isLessThanOrEqualTo(1 + 1e-9);
                    assertThat(c.meanRatioToBound()).isLessThanOrEqualTo(c.meanUtilisationRatio() + 1e-12);
                }
            }
            Grade s = v.oracleAll().simple();
            assertThat(s.solvedWithoutOracle()).isZero();
            assertThat(s.earlierThanOracle()).isZero();
            if (s.equalStart() > 0) {
                assertThat(s.maxUtilisationRatio()).isLessThanOrEqualTo(1 + 1e-6); // the simple d_i rounds up by N micro-units
            }
        }
    }

    @Test
    void shouldRenderTheTablesWithoutTheOracleWhenNoNIsGraded() {
        PlanetLabDay day = PlanetLabReader.read(dir.resolve("day"));
        EvaluationOptions options = new EvaluationOptions(40, 9, 3, new int[] {2}, NodeSource.HOSTS,
                Occupancy.PROPORTIONAL, 1.0, 1.0, List.of(Algorithm.PAPER), 0, 1_000, 1_000);

        EvaluationReport noOracle = new CollectiveEvaluation(new PrintStream(new ByteArrayOutputStream()))
                .run(day, options);

        assertThat(noOracle.variants().get(0).oracleAll()).isNull();
        assertThat(CollectiveReportWriter.markdown(noOracle)).contains("### Table 2 (paper)")
                .doesNotContain("### Table 3");
    }

    @Test
    void shouldSolveOnlyWithStartsInTheWindowAndReservationsEndingWithinTheDay() {
        // Section 2: a solution starts at t_s in [t_e, t_l] and holds [t_s, t_s + t_res]; section 4.2 draws
        // t_l + t_res <= 24 h, so every solution ends within the trace day.
        PlanetLabDay day = PlanetLabReader.read(dir.resolve("day"));
        CollectiveInstance instance = CollectiveInstance.build(day.nodes(), 40, 4, Occupancy.PROPORTIONAL, 1.0, 1.0);
        CoAllocator engine = new CoAllocator(instance.catalogue(), instance.timetables(),
                EngineConfig.defaults().withSeed(4).withAlgorithm(Algorithm.PAPER).withM(3, 3).withLimits(7, 10));
        int plans = 0;
        for (TestCase c : TestCaseGenerator.generate(new int[] {2, 5}, 30, 4)) {
            for (Request request : List.of(c.simple(), c.collective())) {
                if (engine.probe(request) instanceof Plan plan) {
                    plans++;
                    assertThat(plan.start()).isBetween(c.earliest(), c.latest());
                    assertThat(plan.end()).isEqualTo(plan.start() + c.duration())
                            .isLessThanOrEqualTo(24 * TestCaseGenerator.HOUR);
                }
            }
        }
        assertThat(plans).isPositive();
    }

    @Test
    void shouldWriteJsonWithTheRequiredKeysAndTheChart() throws IOException {
        Path out = dir.resolve("out");
        Path json = dir.resolve("result.json");

        CollectiveReportWriter.write(report, out, json);

        JsonNode root = new ObjectMapper().readTree(json.toFile());
        assertThat(root.get("nodes").asInt()).isEqualTo(40);
        assertThat(root.get("seed").asLong()).isEqualTo(9);
        assertThat(root.get("loadScale").asDouble()).isEqualTo(1.5);
        assertThat(root.get("nodesFrom").asText()).isEqualTo("hosts");
        assertThat(root.get("perN")).hasSize(2);
        assertThat(root.get("perN").get(1).get("n").asInt()).isEqualTo(5);
        assertThat(root.get("perN").get(1).has("simpleSolved")).isTrue();
        assertThat(root.get("perN").get(1).has("collectiveSolved")).isTrue();
        assertThat(root.get("totals").get("cases").asInt()).isEqualTo(24);
        assertThat(root.get("totals").has("simpleSolved")).isTrue();
        JsonNode oracle = root.get("oracleN5");
        assertThat(oracle.get("scope").asText()).isEqualTo("all");
        for (String key : List.of("cases", "oracleSolved", "collectiveSolved", "laterStart", "meanUtilisationRatio",
                "above99")) {
            assertThat(oracle.has(key)).as(key).isTrue();
        }
        assertThat(root.get("oracleN5Candidates").get("scope").asText()).isEqualTo("candidates");
        assertThat(root.get("searchTimeN5").has("collectivePhasesTwoToFiveMillis")).isTrue();
        JsonNode times = root.get("searchMillis").get("n").get("5");
        assertThat(times.get("p50").asDouble()).isPositive().isLessThanOrEqualTo(times.get("p99").asDouble());
        assertThat(times.get("p99").asDouble()).isLessThanOrEqualTo(times.get("max").asDouble());
        assertThat(times.get("mean").asDouble()).isPositive();
        assertThat(root.get("algorithms").has("paper")).isTrue();
        assertThat(root.get("algorithms").has("improved")).isTrue();
        assertThat(Files.size(out.resolve(CollectiveReportWriter.CHART))).isPositive();
        assertThat(Files.readString(out.resolve(CollectiveReportWriter.TABLES))).contains("### Table 2 (paper)")
                .contains("### Table 3 (paper, oracle scope `all`)").contains("### Table 4 (improved)");
    }

    @Test
    void shouldWriteTheJsonNextToTheTablesWhenNoFileIsGiven() throws IOException {
        Path out = dir.resolve("default-out");

        Path written = CollectiveReportWriter.write(report, out, null);

        assertThat(written).isEqualTo(out.resolve(CollectiveReportWriter.JSON));
        assertThat(new ObjectMapper().readTree(written.toFile()).get("totals").get("cases").asInt()).isEqualTo(24);
    }
}
