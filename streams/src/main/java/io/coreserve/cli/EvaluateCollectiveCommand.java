package io.coreserve.cli;

import io.coreserve.evaluation.collective.CollectiveEvaluation;
import io.coreserve.evaluation.collective.CollectiveReportWriter;
import io.coreserve.evaluation.collective.EvaluationOptions;
import io.coreserve.evaluation.collective.EvaluationReport;
import io.coreserve.evaluation.collective.NodeSource;
import io.coreserve.evaluation.collective.Occupancy;
import io.coreserve.evaluation.collective.TestCaseGenerator;
import io.coreserve.engine.allocation.Algorithm;
import io.coreserve.engine.allocation.EngineConfig;
import io.coreserve.trace.planetlab.PlanetLabDay;
import io.coreserve.trace.planetlab.PlanetLabReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code coreserve evaluate collective}: seed paper 000's evaluation (sections 4.2-4.5, Tables 2-4, Figure 2)
 * rebuilt on a day of PlanetLab traces, with the exact oracle for Table 3.
 */
@Command(name = "collective", mixinStandardHelpOptions = true,
        description = {
            "Rebuilds the evaluation of Cankar et al. (seed paper 000, sections 4.2-4.5) on PlanetLab data:"
                    + " Tables 2, 3 and 4 in Markdown on stdout, Figure 2 as a PNG and the results as JSON.",
            "Nodes (--nodes-from hosts): one per PlanetLab host, its usage the sum of its slice files (capped at"
                    + " 100%%); a seeded sample of --nodes of them, all when the day has fewer. Capacities (cores,"
                    + " cpu_ghz, memory_gb) drawn with Table 1's bounds, means and deviations. Occupancy (--occupancy"
                    + " proportional): a CPU utilisation of u%% in a 5-minute interval reserves u%% of every property"
                    + " of the node in that interval (cores-only: of the cores alone), u scaled by --load-scale first."
                    + " All nodes are labelled AMD Opteron unless --opteron-fraction < 1.",
            "Test cases per N in {2,5,10,15,30,60}: t_res in {10m,30m,1h,2h,3h,5h}, t_e in [0,5h50m],"
                    + " t_l + t_res in [18h10m,24h], d_i uniform in [N(p-2s), N(p+0.5s)] (negative: 0),"
                    + " simple e_i = d_i/N, collective e_i = d_i/(2N); single pass, M_init = M_max = 3, L1 = 7,"
                    + " L2 = 10.",
            "Table 3 grades the N = 5 cases against the exact oracle, over all matching resources (scope all)"
                    + " and over the heuristic's own candidate set R_job (scope candidates)."})
public final class EvaluateCollectiveCommand implements Callable<Integer> {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--planetlab", required = true, paramLabel = "DIR",
            description = "Directory of PlanetLab CPU-utilisation files of one day (288 integer lines each).")
    Path planetlab;

    @Option(names = "--nodes", defaultValue = "606",
            description = "Nodes to take from the day, all it has when fewer (default ${DEFAULT-VALUE}).")
    int nodes;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of nodes, capacities, cases and engine (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--out", defaultValue = "out/collective", paramLabel = "DIR",
            description = "Where tables.md, the Figure 2 PNG and results.json go (default ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the JSON here instead of DIR/results.json.")
    Path json;

    @Option(names = "--algorithm", defaultValue = "both",
            description = "paper, improved, exact, both (paper and improved: the paper's tables) or all"
                    + " (default ${DEFAULT-VALUE}).")
    String algorithm;

    @Option(names = "--cases", defaultValue = "90", description = "Test cases per N (default ${DEFAULT-VALUE}).")
    int cases;

    @Option(names = "--counts", split = ",", paramLabel = "N",
            description = "The N values (default 2,5,10,15,30,60).")
    int[] counts;

    @Option(names = "--nodes-from", defaultValue = "hosts",
            description = "hosts (a node is a PlanetLab host, its slices' utilisations summed) or slices (every file"
                    + " a node of its own, a far emptier grid) (default ${DEFAULT-VALUE}).")
    String nodesFrom;

    @Option(names = "--load-scale", defaultValue = "1.0", paramLabel = "F",
            description = "Sensitivity: multiply every measured utilisation by F (capped at 100%%) before it becomes"
                    + " reservations; 1 is the trace as measured (default ${DEFAULT-VALUE}).")
    double loadScale;

    @Option(names = "--occupancy", defaultValue = "proportional",
            description = "proportional or cores-only (default ${DEFAULT-VALUE}).")
    String occupancy;

    @Option(names = "--opteron-fraction", defaultValue = "1.0",
            description = "Fraction of nodes labelled AMD Opteron, which every request requires (default ${DEFAULT-VALUE}).")
    double opteronFraction;

    @Option(names = "--oracle-n", defaultValue = "5", description = "N of the cases graded by the oracle, 0 for none (default ${DEFAULT-VALUE}).")
    int oracleN;

    @Option(names = "--oracle-budget", defaultValue = "100000000",
            description = "Branch-and-bound nodes per case for the best U~; beyond it the best found and a proven"
                    + " upper bound are reported (default ${DEFAULT-VALUE}).")
    long oracleBudget;

    @Option(names = "--feasibility-budget", defaultValue = "5000000",
            description = "Oracle search nodes per start time for feasibility (default ${DEFAULT-VALUE}).")
    long feasibilityBudget;

    @Option(names = "--exact-budget", defaultValue = "" + EngineConfig.DEFAULT_EXACT_BUDGET,
            description = "Branch-and-bound nodes per request of the exact algorithm (default ${DEFAULT-VALUE}).")
    long exactBudget;

    public static void main(String[] args) {
        System.exit(new CommandLine(new EvaluateCollectiveCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        List<Algorithm> algorithms = switch (algorithm.toLowerCase(java.util.Locale.ROOT)) {
            case "paper" -> List.of(Algorithm.PAPER);
            case "improved" -> List.of(Algorithm.IMPROVED);
            case "exact" -> List.of(Algorithm.EXACT);
            case "both" -> List.of(Algorithm.PAPER, Algorithm.IMPROVED);
            case "all" -> List.of(Algorithm.PAPER, Algorithm.IMPROVED, Algorithm.EXACT);
            default -> throw new CommandLine.ParameterException(spec.commandLine(),
                    "--algorithm must be paper, improved, exact, both or all");
        };
        Occupancy mapping = switch (occupancy.toLowerCase(java.util.Locale.ROOT)) {
            case "proportional" -> Occupancy.PROPORTIONAL;
            case "cores-only" -> Occupancy.CORES_ONLY;
            default -> throw new CommandLine.ParameterException(spec.commandLine(),
                    "--occupancy must be proportional or cores-only");
        };
        NodeSource source = switch (nodesFrom.toLowerCase(java.util.Locale.ROOT)) {
            case "hosts" -> NodeSource.HOSTS;
            case "slices" -> NodeSource.SLICES;
            default -> throw new CommandLine.ParameterException(spec.commandLine(),
                    "--nodes-from must be hosts or slices");
        };
        if (!(loadScale >= 0) || Double.isInfinite(loadScale)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--load-scale must be a finite number >= 0");
        }
        PlanetLabDay day = PlanetLabReader.read(planetlab);
        day.problems().forEach(p -> err.println("skipped " + p));
        if (day.nodes().isEmpty()) {
            err.println("no usable PlanetLab files in " + planetlab);
            return 2;
        }
        EvaluationOptions options = new EvaluationOptions(nodes, seed, cases,
                counts != null ? counts : TestCaseGenerator.COUNTS, source, mapping, loadScale, opteronFraction,
                algorithms, oracleN, feasibilityBudget, oracleBudget, exactBudget);
        java.io.PrintStream progress = new java.io.PrintStream(new java.io.OutputStream() {
            @Override
            public void write(int b) {
                err.write(b);
            }

            @Override
            public void flush() {
                err.flush();
            }
        }, true);
        EvaluationReport report = new CollectiveEvaluation(progress).run(day, options);
        stdout.print(CollectiveReportWriter.markdown(report));
        stdout.flush();
        Path written = CollectiveReportWriter.write(report, out, json);
        err.printf("done in %.1f s; tables and chart in %s, JSON in %s%n", report.seconds(), out.toAbsolutePath(),
                written.toAbsolutePath());
        err.flush();
        return 0;
    }
}
