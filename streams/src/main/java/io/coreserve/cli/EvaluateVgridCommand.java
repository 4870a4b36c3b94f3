package io.coreserve.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.coreserve.evaluation.vgrid.BindingCostReport;
import io.coreserve.evaluation.vgrid.BindingQualityEvaluation;
import io.coreserve.evaluation.vgrid.QualityEvaluation;
import io.coreserve.evaluation.vgrid.QualityReport;
import io.coreserve.evaluation.vgrid.SelectionEvaluation;
import io.coreserve.evaluation.vgrid.SelectionReport;
import io.coreserve.evaluation.vgrid.SuccessCell;
import io.coreserve.evaluation.vgrid.SuccessChecks;
import io.coreserve.evaluation.vgrid.SuccessEvaluation;
import io.coreserve.evaluation.vgrid.SuccessReport;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code coreserve evaluate vgrid}: seed paper 004's evaluation (Kee et al., section 4) on the vgrid engine. */
@Command(name = "vgrid", mixinStandardHelpOptions = true,
        description = "Virtual grids (seed 004): success rates of integrated vs separate binding (Figure 3),"
                + " selection quality and cost over a seeded million-host grid (Figures 4 and 5), binding quality and"
                + " cost (Figures 6 and 7).",
        subcommands = {EvaluateVgridCommand.Success.class, EvaluateVgridCommand.BindingCost.class,
                EvaluateVgridCommand.Selection.class, EvaluateVgridCommand.Quality.class})
public final class EvaluateVgridCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(new CommandLine(new EvaluateVgridCommand()).execute(args));
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "success", mixinStandardHelpOptions = true,
            description = {"Figure 3: C components x N selections x failure probability p x integrated/separate,"
                    + " seeded sticky Bernoulli failures, against the closed forms (1-p^N)^C and 1-(1-(1-p)^C)^N.",
                    "Markdown tables and the paper's statements on stdout, one PNG per N and approach, JSON."})
    static final class Success implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--seed", defaultValue = "1", description = "Seed of the failure draws (default ${DEFAULT-VALUE}).")
        long seed;

        @Option(names = "--trials", defaultValue = "1000", description = "Trials per cell (default ${DEFAULT-VALUE}).")
        int trials;

        @Option(names = "--components", split = ",", description = "C values (default 1,2,4,8,16).")
        int[] components;

        @Option(names = "--selections", split = ",", description = "N values (default 1,2,4,8,16).")
        int[] selections;

        @Option(names = "--probabilities", split = ",", description = "p values (default 0.1,...,0.9).")
        double[] probabilities;

        @Option(names = "--out", defaultValue = "out/vgrid", paramLabel = "DIR",
                description = "Where the PNGs and success.json go (default ${DEFAULT-VALUE}).")
        Path out;

        @Override
        public Integer call() throws IOException {
            PrintWriter stdout = spec.commandLine().getOut();
            SuccessEvaluation.Options o = new SuccessEvaluation.Options(
                    components != null ? components : SuccessEvaluation.COMPONENTS,
                    selections != null ? selections : SuccessEvaluation.SELECTIONS,
                    probabilities != null ? probabilities : SuccessEvaluation.PROBABILITIES, trials, seed);
            if (trials < 1) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--trials must be >= 1");
            }
            long t0 = System.nanoTime();
            List<SuccessCell> cells = SuccessEvaluation.run(o, progress(spec));
            List<SuccessChecks.Check> checks = SuccessChecks.of(cells);
            stdout.print(SuccessReport.markdown(cells, checks));
            List<Path> charts = SuccessReport.charts(cells, out);
            Path json = out.resolve("success.json");
            writeJson(SuccessReport.json(cells, checks, seed, trials), json);
            stdout.printf("%nCharts: %s%nJSON: %s%nTook %.1f s%n", charts, json, (System.nanoTime() - t0) / 1e9);
            stdout.flush();
            return 0;
        }
    }

    @Command(name = "binding", mixinStandardHelpOptions = true,
            description = {"Figure 7: bind attempts and hold cost of 16-component requests (N in 2,4,8,16, p in"
                    + " 0.1,0.3,0.5,0.6,0.7,0.9, 4000 trials), beside spec 004 Appendix B's reference simulation.",
                    "Markdown on stdout, binding-attempts.png and binding-hold.png, binding.json."})
    static final class BindingCost implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--seed", defaultValue = "1", description = "Seed of the failure draws (default ${DEFAULT-VALUE}).")
        long seed;

        @Option(names = "--trials", defaultValue = "4000", description = "Trials per cell (default ${DEFAULT-VALUE}).")
        int trials;

        @Option(names = "--components", defaultValue = "16", description = "C (default ${DEFAULT-VALUE}).")
        int components;

        @Option(names = "--selections", split = ",", description = "N values (default 2,4,8,16).")
        int[] selections;

        @Option(names = "--probabilities", split = ",", description = "p values (default 0.1,0.3,0.5,0.6,0.7,0.9).")
        double[] probabilities;

        @Option(names = "--out", defaultValue = "out/vgrid", paramLabel = "DIR",
                description = "Where the PNGs and binding.json go (default ${DEFAULT-VALUE}).")
        Path out;

        @Option(names = "--quality-requests", defaultValue = "400", description = "Figure 6: random cluster "
                + "constraints selected on the seeded grid (default ${DEFAULT-VALUE}; 0 skips Figure 6).")
        int qualityRequests;

        @Option(names = "--quality-trials", defaultValue = "1000",
                description = "Figure 6: trials per failure probability (default ${DEFAULT-VALUE}).")
        int qualityTrials;

        @CommandLine.Mixin
        GridOptions grid = new GridOptions();

        @Override
        public Integer call() throws Exception {
            if (trials < 1 || components < 1) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--trials and --components must be >= 1");
            }
            PrintWriter stdout = spec.commandLine().getOut();
            SuccessEvaluation.Options o = new SuccessEvaluation.Options(new int[] {components},
                    selections != null ? selections : new int[] {2, 4, 8, 16},
                    probabilities != null ? probabilities : new double[] {0.1, 0.3, 0.5, 0.6, 0.7, 0.9}, trials, seed);
            List<SuccessCell> cells = SuccessEvaluation.run(o, progress(spec));
            stdout.print(BindingCostReport.markdown(cells));
            List<Path> charts = BindingCostReport.charts(cells, out);
            Path json = out.resolve("binding.json");
            writeJson(BindingCostReport.json(cells, seed, trials), json);
            stdout.printf("%nCharts: %s%nJSON: %s%n", charts, json);
            if (qualityRequests > 0) {
                BindingQualityEvaluation.Result quality = BindingQualityEvaluation.run(
                        new BindingQualityEvaluation.Options(grid.clusters, grid.hosts, grid.sites, grid.closeMs,
                                qualityRequests, components, selections != null ? selections[selections.length - 1]
                                : 16, SuccessEvaluation.PROBABILITIES, qualityTrials, seed), progress(spec));
                stdout.printf("%n%s%n", QualityReport.markdown(quality));
                Path qualityJson = out.resolve("binding-quality.json");
                writeJson(QualityReport.json(quality), qualityJson);
                List<String> failed = QualityReport.failedChecks(quality);
                stdout.printf("%nFigure 6 checks (integrated >= separate at every p; separate <= 5 for p >= 0.4 at"
                        + " 16 components): %s%nChart: %s%nJSON: %s%n", failed.isEmpty() ? "all hold" : failed,
                        QualityReport.chart(quality, out), qualityJson);
            }
            stdout.flush();
            return 0;
        }
    }

    @Command(name = "cost", aliases = "selection", mixinStandardHelpOptions = true,
            description = {"Figure 5: rebuild the seeded grid (30,000 clusters, 1,000,000 hosts by default), classify it"
                    + " into the Host/Cluster/TightBag tables, and time the selection of random Cluster, TightBag and"
                    + " LooseBag requests; p50/p90/p99/max per aggregate beside the paper's p90. Use -Xmx2g or more for"
                    + " the full size."})
    static final class Selection implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--seed", defaultValue = "1", description = "Seed of grid and requests (default ${DEFAULT-VALUE}).")
        long seed;

        @CommandLine.Mixin
        GridOptions grid = new GridOptions();

        @Option(names = "--requests", defaultValue = "4000", description = "Requests per aggregate type (default ${DEFAULT-VALUE}).")
        int requests;

        @Option(names = "--selections", defaultValue = "16", description = "Selections per component (default ${DEFAULT-VALUE}).")
        int selectionsPerComponent;

        @Option(names = "--out", defaultValue = "out/vgrid", paramLabel = "DIR",
                description = "Where selection.json goes (default ${DEFAULT-VALUE}).")
        Path out;

        @Override
        public Integer call() throws Exception {
            if (grid.clusters < 1 || grid.hosts < grid.clusters || grid.sites < 1 || requests < 1
                    || selectionsPerComponent < 1) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "need 1 <= --clusters <= --hosts, --sites >= 1, --requests >= 1, --selections >= 1");
            }
            PrintWriter stdout = spec.commandLine().getOut();
            SelectionEvaluation.Options o = new SelectionEvaluation.Options(grid.clusters, grid.hosts, grid.sites,
                    grid.closeMs, requests,
                    selectionsPerComponent, seed);
            SelectionEvaluation.Result r = SelectionEvaluation.run(o, progress(spec));
            stdout.print(SelectionReport.markdown(r));
            Path json = out.resolve("selection.json");
            writeJson(SelectionReport.json(r), json);
            stdout.printf("%nJSON: %s%n", json);
            stdout.flush();
            return 0;
        }
    }

    @Command(name = "quality", mixinStandardHelpOptions = true,
            description = {"Figure 4: random Cluster and TightBag requests on the seeded grid; the chosen selection"
                    + " graded against every possible one (percentile rank, Q / Q(best), optimal), per request class"
                    + " (SC/LC x SV/LV). Markdown on stdout, CDF PNGs, quality.json. Use -Xmx2g or more for the full size."})
    static final class Quality implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--seed", defaultValue = "1", description = "Seed of grid and requests (default ${DEFAULT-VALUE}).")
        long seed;

        @Option(names = "--requests", defaultValue = "4000", description = "Requests per aggregate type (default ${DEFAULT-VALUE}).")
        int requests;

        @CommandLine.Mixin
        GridOptions grid = new GridOptions();

        @Option(names = "--out", defaultValue = "out/vgrid", paramLabel = "DIR",
                description = "Where the PNGs and quality.json go (default ${DEFAULT-VALUE}).")
        Path out;

        @Override
        public Integer call() throws Exception {
            if (grid.clusters < 1 || grid.hosts < grid.clusters || grid.sites < 1 || requests < 1) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "need 1 <= --clusters <= --hosts, --sites >= 1, --requests >= 1");
            }
            PrintWriter stdout = spec.commandLine().getOut();
            QualityEvaluation.Result r = QualityEvaluation.run(new QualityEvaluation.Options(grid.clusters, grid.hosts,
                    grid.sites, grid.closeMs, requests, seed), progress(spec));
            stdout.print(QualityReport.markdown(r));
            Path json = out.resolve("quality.json");
            writeJson(QualityReport.json(r), json);
            stdout.printf("%nCharts: %s%nJSON: %s%n", QualityReport.charts(r, out), json);
            stdout.flush();
            return 0;
        }
    }

    /** The seeded grid's size, for the evaluations that select on it. */
    static final class GridOptions {
        @Option(names = "--clusters", defaultValue = "30000", description = "Clusters of the grid (default ${DEFAULT-VALUE}).")
        int clusters = 30_000;

        @Option(names = "--hosts", defaultValue = "1000000", description = "Hosts of the grid (default ${DEFAULT-VALUE}).")
        int hosts = 1_000_000;

        @Option(names = "--sites", defaultValue = "2000", description = "Sites of the grid (default ${DEFAULT-VALUE}).")
        int sites = 2_000;

        @Option(names = "--close-ms", defaultValue = "2",
                description = "Clusters closer than this form TightBags (default ${DEFAULT-VALUE}; 10 merges the"
                        + " uniformly spread sites into one giant TightBag, see README).")
        double closeMs = 2;
    }

    static void writeJson(Map<String, Object> doc, Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), doc);
    }

    /** Progress lines go to the command's stderr. */
    static PrintStream progress(CommandLine.Model.CommandSpec spec) {
        PrintWriter err = spec.commandLine().getErr();
        return new PrintStream(new OutputStream() {
            @Override
            public void write(int b) {
                err.write(b);
            }

            @Override
            public void flush() {
                err.flush();
            }
        }, true);
    }
}
