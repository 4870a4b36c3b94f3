package io.coreserve.evaluation.vgrid;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.coreserve.cli.EvaluateVgridCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class EvaluateVgridCommandTest {

    @Test
    void successWritesTablesChartsAndJsonWithinTheClosedForms(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = new CommandLine(new EvaluateVgridCommand()).setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute("success", "--seed", "1", "--trials", "400", "--components", "2,16", "--selections", "2,16",
                        "--probabilities", "0.1,0.5,0.9", "--out", dir.toString());

        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).contains("### N = 16 selections", "| 16  | integrated |", "30% higher");
        assertThat(err.toString()).contains("[4/4] C=16 N=16 done");
        assertThat(dir.resolve("success-integrated-N16.png")).exists();
        assertThat(dir.resolve("success-separate-N2.png")).exists();
        JsonNode root = new ObjectMapper().readTree(dir.resolve("success.json").toFile());
        JsonNode cells = root.get("cells");
        assertThat(cells).hasSize(2 * 2 * 3 * 2);
        for (JsonNode c : cells) {
            // 400 trials: 4 binomial standard errors at worst (p = 0.5) are 0.1; the cells here are much tighter
            assertThat(Math.abs(c.get("success").asDouble() - c.get("closedForm").asDouble())).as(c.toString()).isLessThan(0.1);
            assertThat(c.get("approach").asText()).isIn("integrated", "separate");
        }
    }

    @Test
    void bindingReportsAttemptsAndHoldBesideTheReference(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = new CommandLine(new EvaluateVgridCommand()).setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute("binding", "--trials", "500", "--selections", "16", "--probabilities", "0.1,0.9",
                        "--quality-requests", "0", "--out", dir.toString());

        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).contains("(130.7)", "(256.0)");
        assertThat(dir.resolve("binding-attempts.png")).exists();
        JsonNode cells = new ObjectMapper().readTree(dir.resolve("binding.json").toFile()).get("cells");
        assertThat(cells).hasSize(4);
        for (JsonNode c : cells) {
            if (c.get("p").asDouble() == 0.9) {
                // Appendix B: integrated 130.7 attempts, separate always the maximum 16 x 16
                double expected = c.get("approach").asText().equals("integrated") ? 130.7 : 256.0;
                assertThat(c.get("attempts").asDouble()).as(c.toString()).isCloseTo(expected, org.assertj.core.data.Offset.offset(0.05 * expected));
            }
        }
    }

    @Test
    void selectionTimesEveryAggregateOnASmallGrid(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = new CommandLine(new EvaluateVgridCommand()).setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute("selection", "--clusters", "300", "--hosts", "10000", "--sites", "30", "--requests", "40",
                        "--out", dir.toString());

        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).contains("| Cluster ", "| TightBag ", "| LooseBag ", "2520.00");
        JsonNode root = new ObjectMapper().readTree(dir.resolve("selection.json").toFile());
        assertThat(root.get("hosts").asInt()).isEqualTo(10_000);
        assertThat(root.get("tableBytesPerHost").asDouble()).isBetween(18.0, 30.0);
        for (String a : new String[] {"Cluster", "TightBag", "LooseBag"}) {
            JsonNode x = root.at("/perAggregate/" + a);
            assertThat(x.get("requests").asInt()).isEqualTo(40);
            assertThat(x.get("matched").asInt()).as(a).isPositive();
            assertThat(x.get("p90Millis").asDouble()).isLessThanOrEqualTo(x.get("p99Millis").asDouble());
        }
    }

    @Test
    void qualityGradesTheChosenSelectionsPerClassOnASmallGrid(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = new CommandLine(new EvaluateVgridCommand()).setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute("quality", "--clusters", "300", "--hosts", "10000", "--sites", "30", "--requests", "60",
                        "--out", dir.toString());

        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).contains("## Selection quality (Figure 4)", "| Cluster   | all ");
        assertThat(dir.resolve("quality-cluster-rank.png")).exists();
        assertThat(dir.resolve("quality-tightbag-ratio.png")).exists();
        JsonNode root = new ObjectMapper().readTree(dir.resolve("quality.json").toFile());
        for (String a : new String[] {"Cluster", "TightBag"}) {
            JsonNode all = root.at("/perAggregate/" + a + "/all");
            assertThat(all.get("requests").asInt() + root.at("/perAggregate/" + a + "/unmatched").asInt())
                    .isEqualTo(60);
            // An optimal selection is at the top percentile of Q too, so the shares are ordered.
            assertThat(all.get("optimalShare").asDouble()).isLessThanOrEqualTo(all.get("atLeast98thShare").asDouble());
            assertThat(all.get("atLeast98thShare").asDouble()).isLessThanOrEqualTo(all.get("atLeast90thShare").asDouble());
            assertThat(all.get("minRatioToBest").asDouble()).isBetween(0.0, 100.0);
        }
    }

    @Test
    void bindingQualityOfIntegratedIsNeverBelowSeparate(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = new CommandLine(new EvaluateVgridCommand()).setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute("binding", "--trials", "50", "--selections", "16", "--probabilities", "0.5",
                        "--clusters", "600", "--hosts", "20000", "--sites", "60", "--quality-requests", "40",
                        "--quality-trials", "200", "--out", dir.toString());

        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).contains("## Binding quality (Figure 6)", "Figure 6 checks");
        assertThat(dir.resolve("binding-quality.png")).exists();
        JsonNode root = new ObjectMapper().readTree(dir.resolve("binding-quality.json").toFile());
        assertThat(root.get("requests").asInt()).isPositive();
        JsonNode cells = root.get("cells");
        for (double p : new double[] {0.1, 0.5, 0.9}) {
            double integrated = quality(cells, p, "INTEGRATED");
            double separate = quality(cells, p, "SEPARATE");
            assertThat(integrated).as("p=" + p).isGreaterThanOrEqualTo(separate).isBetween(0.0, 100.0);
        }
        // Failures count 0: at p = 0.9 with 16 components separate binding practically never succeeds.
        assertThat(quality(cells, 0.9, "SEPARATE")).isLessThan(1.0);
    }

    private static double quality(JsonNode cells, double p, String approach) {
        for (JsonNode c : cells) {
            if (Math.abs(c.get("p").asDouble() - p) < 1e-9 && c.get("approach").asText().equals(approach)
                    && c.get("class").asText().equals("all")) {
                return c.get("meanQuality").asDouble();
            }
        }
        throw new AssertionError("no cell for p=" + p + " " + approach);
    }
}
