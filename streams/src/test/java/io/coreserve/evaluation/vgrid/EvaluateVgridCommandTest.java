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
                .execute("binding", "--trials", "500", "--selections", "16", "--probabilities", "0.1,0.9", "--out", dir.toString());

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
}
