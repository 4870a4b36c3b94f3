package io.coreserve.evaluation.offers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.coreserve.cli.EvaluateOffersCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class EvaluateOffersCommandTest {

    /** Six jobs on a 2-cluster grid; one line malformed, one without requested processors. */
    private static final String SWF = """
            ; Version: 2.2
            ; MaxProcs: 16
            1 0   -1 100 4 -1 -1  4 100 -1 1 1 1 -1 -1 1 -1 -1
            2 10  -1 200 8 -1 -1 -1 300 -1 1 1 1 -1 -1 1 -1 -1
            3 20  -1 50  2 -1 -1  2  60 -1 1 1 1 -1 -1 1 -1 -1
            this line is broken
            4 30  -1 400 12 -1 -1 12 400 -1 1 1 1 -1 -1 1 -1 -1
            5 40  -1 10  1 -1 -1  1  -1 -1 1 1 1 -1 -1 1 -1 -1
            6 50  -1 90  6 -1 -1  6 100 -1 1 1 1 -1 -1 1 -1 -1
            """;

    @Test
    void shouldPrintATableWriteChartsAndJsonForEveryPolicy(@TempDir Path dir) throws Exception {
        Path swf = Files.writeString(dir.resolve("tiny.swf"), SWF);
        Path grid = Files.writeString(dir.resolve("grid.txt"), "a 8 1000\nb 8 2000\n");
        Path json = dir.resolve("result.json");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = new CommandLine(new EvaluateOffersCommand())
                .setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute("--swf", swf.toString(), "--grid", grid.toString(), "--step", "3",
                        "--out", dir.resolve("charts").toString(), "--json", json.toString());

        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).contains("| COARP ", "| FCFS ", "| EASY ", "| FPFS ", "| SCOAL ");
        assertThat(err.toString()).contains("line 6", "[10/10]");
        assertThat(dir.resolve("charts/waiting-time.png")).exists();
        assertThat(dir.resolve("charts/load-balance.png")).exists();

        JsonNode root = new ObjectMapper().readTree(json.toFile());
        assertThat(root.get("jobs").asInt()).isEqualTo(6);
        assertThat(root.at("/trace/malformedLines").asInt()).isEqualTo(1);
        assertThat(root.at("/trace/requestedProcessorsFallbacks").asInt()).isEqualTo(1);
        assertThat(root.at("/trace/requestedTimeFallbacks").asInt()).isEqualTo(1);
        for (String p : new String[] {"COARP", "FCFS", "EASY", "FPFS", "SCOAL"}) {
            JsonNode m = root.at("/policies/" + p);
            assertThat(m.has("makespanSeconds") && m.has("meanWaitSeconds") && m.has("meanUtilisation")
                    && m.has("utilisationStdDev")).as(p).isTrue();
        }
        // job 4 needs 12 processors: only the co-allocating policies can run it on two 8-processor clusters
        assertThat(root.at("/policies/COARP/rejected").asInt()).isZero();
        assertThat(root.at("/policies/FCFS/rejected").asInt()).isEqualTo(1);
        assertThat(root.at("/series/jobCounts").toString()).isEqualTo("[3,6]");
    }

    /** As a simulator writes it: a node list and a queue after the 18 standard fields, a 4-node machine of 16. */
    private static final String SWF_WITH_EXTRA_COLUMNS = """
            ; Version: 2.2
            ; MaxNodes: 4
            ; MaxProcs: 16
            1 0  -1 100  4 -1 -1  4 100 -1 1 1 1 -1 -1 1 -1 -1 n1 batch
            2 10 -1 200 16 -1 -1 16 300 -1 1 1 1 -1 -1 1 -1 -1 n1,n2,n3,n4 batch
            3 20 -1 50   2 -1 -1  2  60 -1 1 1 1 -1 -1 1 -1 -1 n2 debug x86
            """;

    @Test
    void shouldReadATraceWithExtraColumnsAndRunOnTheMachineItsHeaderDescribes(@TempDir Path dir) throws Exception {
        Path swf = Files.writeString(dir.resolve("extra.swf"), SWF_WITH_EXTRA_COLUMNS);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = new CommandLine(new EvaluateOffersCommand())
                .setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute("--swf", swf.toString(), "--machine-from-trace", "--no-charts", "--step", "0");

        assertThat(code).as(err.toString()).isZero();
        assertThat(err.toString()).contains("read 3 jobs; 0 malformed lines")
                .contains("grid: the trace's machine, 16 processors at 1000 MIPS")
                .doesNotContain("expected 18 fields");
        assertThat(err.toString().split("columns after the 18 standard", -1)).as("warned once").hasSize(2);
        assertThat(out.toString()).contains("grid of 1 clusters (16 processors)", "3 job lines have up to 3 columns");
    }

    @Test
    void shouldGiveTheSameNumbersOnEveryRun(@TempDir Path dir) throws Exception {
        Path swf = Files.writeString(dir.resolve("tiny.swf"), SWF);
        String first = run(swf, dir.resolve("1.json"));
        String second = run(swf, dir.resolve("2.json"));

        assertThat(first.replaceAll("\"(elapsedSeconds|runSeconds)\" : [0-9.E-]+", ""))
                .isEqualTo(second.replaceAll("\"(elapsedSeconds|runSeconds)\" : [0-9.E-]+", ""));
    }

    private static String run(Path swf, Path json) throws Exception {
        int code = new CommandLine(new EvaluateOffersCommand()).setOut(new PrintWriter(new StringWriter()))
                .setErr(new PrintWriter(new StringWriter()))
                .execute("--swf", swf.toString(), "--no-charts", "--json", json.toString());
        assertThat(code).isZero();
        return Files.readString(json);
    }
}
