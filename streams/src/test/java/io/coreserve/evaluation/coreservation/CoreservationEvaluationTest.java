package io.coreserve.evaluation.coreservation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A corner of the Table 2 grid: every formulation graded by the oracle, the JSON shape, one PNG each. */
class CoreservationEvaluationTest {

    @TempDir
    Path dir;

    @Test
    void shouldSolveTheGridCornerWithoutMismatchesAndWriteJsonAndCharts() throws Exception {
        CoreservationEvaluation.Result result = new CoreservationEvaluation(List.of(Formulation.values()), 2, 1, 30)
                .run(new int[] {1, 2}, new int[] {7, 12}, p -> { });

        CoreservationReport.writeJson(result, dir.resolve("results.json"));
        List<Path> charts = CoreservationReport.writeCharts(result, dir);
        JsonNode json = new ObjectMapper().readTree(dir.resolve("results.json").toFile());

        assertThat(result.instances()).isEqualTo(8);
        assertThat(result.mismatches()).isZero();
        assertThat(json.get("instances").asInt()).isEqualTo(8);
        assertThat(json.get("mismatches").asInt()).isZero();
        assertThat(json.get("points")).hasSize(4);
        JsonNode first = json.get("points").get(0);
        assertThat(first.get("variables").asLong()).isEqualTo(35);
        assertThat(first.get("millis").fieldNames()).toIterable().containsExactly("paper", "tight", "fast", "oracle");
        assertThat(first.get("optimal").get("tight").asInt()).isEqualTo(2);
        assertThat(charts).hasSize(4).allMatch(p -> p.toFile().length() > 1000);
        assertThat(CoreservationReport.markdown(result)).contains("| 2 | 12 | 168 |");
    }

    @Test
    void trendFitsTellAnExponentialFromAQuadraticCurve() {
        double[] c = {7, 12, 23, 34, 67};
        double[] exponential = java.util.Arrays.stream(c).map(x -> Math.exp(0.1 * x)).toArray();
        double[] quadratic = java.util.Arrays.stream(c).map(x -> 3 * x * x).toArray();

        assertThat(TrendChecks.r2Exponential(c, exponential)).isGreaterThan(TrendChecks.r2Quadratic(c, exponential));
        assertThat(TrendChecks.r2Quadratic(c, quadratic)).isGreaterThan(TrendChecks.r2Exponential(c, quadratic));
        assertThat(TrendChecks.slope(new double[] {0, 1, 2}, new double[] {1, 3, 5})).isEqualTo(2.0);
        assertThat(TrendChecks.spearman(new double[][] {{1, 10}, {2, 20}, {3, 15}})).isEqualTo(0.5);
    }
}
