package io.coreserve.cli;

import io.coreserve.evaluation.coreservation.CoreservationEvaluation;
import io.coreserve.evaluation.coreservation.CoreservationReport;
import io.coreserve.evaluation.coreservation.Formulation;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code coreserve evaluate coreservation}: seed paper 002's section 6 (Table 2, Figure 2) rebuilt. */
@Command(name = "coreservation", mixinStandardHelpOptions = true,
        description = {
            "Rebuilds the scalability experiment of Röblitz (seed paper 002, section 6): Listing 1's five parts over n"
                    + " resources and n^2 links, c start times per (part, resource), seeded random costs and bandwidths"
                    + " (spec 002 section 6.3); each instance solved by the paper's formulation and the tight one"
                    + " (CP-SAT, one worker), the anchor-time fast path and the enumeration oracle, which grades them.",
            "Prints the grid as Markdown, writes one PNG per formulation (solve time against candidates, a line per"
                    + " resource count, log scale) and the results as JSON."})
public final class EvaluateCoreservationCommand implements Callable<Integer> {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--grid", defaultValue = "small",
            description = "small (1-5 resources, 7-67 candidates) or table2 (all of Table 2) (default ${DEFAULT-VALUE}).")
    String grid;

    @Option(names = "--resources", split = ",", paramLabel = "N", description = "Resource counts instead of the grid's.")
    int[] resources;

    @Option(names = "--candidates", split = ",", paramLabel = "C", description = "Candidate counts instead of the grid's.")
    int[] candidates;

    @Option(names = "--reps", defaultValue = "10", description = "Instances per point (default ${DEFAULT-VALUE}, as the paper).")
    int reps;

    @Option(names = "--seed", defaultValue = "1", description = "Seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--time-limit", defaultValue = "60", paramLabel = "SECONDS",
            description = "Wall-time limit per CP-SAT solve; time-outs are listed (default ${DEFAULT-VALUE}).")
    double timeLimit;

    @Option(names = "--formulations", split = ",", defaultValue = "paper,tight,fast,oracle",
            description = "Any of paper, tight, fast, oracle (default ${DEFAULT-VALUE}).")
    List<String> formulations;

    @Option(names = "--out", defaultValue = "out/coreservation", paramLabel = "DIR",
            description = "Where tables.md, the PNGs and results.json go (default ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the JSON here instead of DIR/results.json.")
    Path json;

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        CoreservationEvaluation.Grid chosen = CoreservationEvaluation.Grid.valueOf(grid.toUpperCase(Locale.ROOT));
        int[] n = resources != null ? resources : chosen.resources();
        int[] c = candidates != null ? candidates : chosen.candidates();
        List<Formulation> asked = formulations.stream().map(f -> Formulation.valueOf(f.trim().toUpperCase(Locale.ROOT)))
                .toList();
        stdout.printf("%d points x %d repetitions, formulations %s, time limit %.0f s%n", n.length * c.length, reps,
                asked, timeLimit);
        stdout.flush();
        CoreservationEvaluation.Result result = new CoreservationEvaluation(asked, reps, seed, timeLimit).run(n, c, p -> {
            stdout.printf(Locale.ROOT, "n=%d c=%d V=%d %s%n", p.resources(), p.candidates(), p.variables(), p.meanMillis());
            stdout.flush();
        });
        String tables = CoreservationReport.markdown(result);
        stdout.println();
        stdout.print(tables);
        Files.createDirectories(out);
        Files.writeString(out.resolve("tables.md"), tables);
        List<Path> charts = CoreservationReport.writeCharts(result, out);
        Path jsonFile = json != null ? json : out.resolve("results.json");
        CoreservationReport.writeJson(result, jsonFile);
        stdout.printf("charts %s, JSON %s%n", charts, jsonFile);
        return result.mismatches() == 0 ? 0 : 1;
    }
}
