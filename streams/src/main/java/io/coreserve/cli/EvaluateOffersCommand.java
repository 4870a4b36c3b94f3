package io.coreserve.cli;

import io.coreserve.evaluation.offers.OffersEvaluation;
import io.coreserve.evaluation.offers.OffersEvaluationResult;
import io.coreserve.evaluation.offers.OffersReport;
import io.coreserve.offers.grid.Grid;
import io.coreserve.offers.job.JobLengthModel;
import io.coreserve.offers.policy.PolicyKind;
import io.coreserve.trace.swf.SwfTrace;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code coreserve evaluate offers}: replays an SWF trace on a grid under COARP (seed 001) and the
 * baselines FCFS, EASY, FPFS and SCOAL, offline, and reports the paper's metrics.
 */
@Command(name = "offers", mixinStandardHelpOptions = true,
        description = {
                "Compares offers-based co-allocation (COARP, seed 001) with FCFS, EASY backfilling, FPFS and SCOAL",
                "on an SWF trace: prints a Markdown table, writes PNG charts of each metric against the number",
                "of jobs, and optionally JSON. Progress goes to stderr."})
public final class EvaluateOffersCommand implements Callable<Integer> {

    @Option(names = "--swf", required = true, paramLabel = "FILE", description = "Standard Workload Format trace to replay.")
    Path swf;

    @Option(names = "--grid", paramLabel = "FILE",
            description = "Grid file, one cluster a line: 'name processors mips' ('#' starts a comment). Default: Table 1 of seed 001.")
    Path grid;

    @Option(names = "--machine-from-trace",
            description = "Use the machine the trace's header describes (; MaxProcs:, else ; MaxNodes:) as a one-cluster "
                    + "grid at --reference-mips, so jobs run their trace times; Table 1 with a warning when it describes none.")
    boolean machineFromTrace;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "0", description = "Use only the first N usable jobs (0: all).")
    long limit;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "out/offers", description = "Directory for the PNG charts (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the results as JSON to FILE.")
    Path json;

    @Option(names = "--step", paramLabel = "K", defaultValue = "500",
            description = "Run on the first K, 2K, ... jobs and all of them, for the charts (0: only all; default ${DEFAULT-VALUE}).")
    int step;

    @Option(names = "--reference-mips", paramLabel = "MIPS", defaultValue = "1000",
            description = "Speed the trace's times were measured at: L = time x MIPS (default ${DEFAULT-VALUE}).")
    long referenceMips;

    @Option(names = "--exact-estimates",
            description = "Plan with the actual run times instead of the requested times (the paper's model: D = L/speed known).")
    boolean exactEstimates;

    @Option(names = "--load-factor", paramLabel = "F", defaultValue = "1",
            description = "Divide the gaps between submissions by F to raise the load (default ${DEFAULT-VALUE}).")
    double loadFactor;

    @Option(names = "--policies", split = ",", paramLabel = "P", description = "Policies to run (default all): ${COMPLETION-CANDIDATES}.")
    List<PolicyKind> policies;

    @Option(names = "--no-charts", description = "Do not write PNG charts.")
    boolean noCharts;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(new CommandLine(new EvaluateOffersCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        if (machineFromTrace && grid != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--grid and --machine-from-trace exclude each other");
        }
        JobLengthModel lengths = new JobLengthModel(referenceMips, exactEstimates);

        stderr.printf("reading %s%s%n", swf, limit > 0 ? " (first " + limit + " usable jobs)" : "");
        stderr.flush();
        SwfTrace trace = SwfTrace.read(swf, limit);
        trace.extraColumns().ifPresent(note -> stderr.println("warning: " + note));
        Grid theGrid = grid != null ? Grid.read(grid) : Grid.paperTable1();
        if (machineFromTrace) {
            Optional<Grid> machine = Grid.ofTraceMachine(trace.header(), referenceMips);
            machine.ifPresent(m -> stderr.printf("grid: the trace's machine, %d processors at %d MIPS%n",
                    m.totalProcessors(), referenceMips));
            if (machine.isEmpty()) {
                stderr.println("warning: the trace's header describes no machine (no MaxProcs or MaxNodes): "
                        + "using Table 1 of seed 001");
            }
            theGrid = machine.orElse(theGrid);
        }
        stderr.printf("read %d jobs; %d malformed lines skipped; %d jobs skipped %s; fallbacks: %d requested processors, %d requested times%n",
                trace.jobs().size(), trace.issueCount(), trace.normalisation().skipped(), trace.normalisation().skippedByReason(),
                trace.normalisation().processorFallbacks(), trace.normalisation().requestedTimeFallbacks());
        trace.issues().stream().limit(10).forEach(i -> stderr.println("  malformed " + i));
        if (trace.jobs().isEmpty()) {
            stderr.println("no usable job in the trace");
            return 1;
        }

        EnumSet<PolicyKind> chosen = policies == null || policies.isEmpty() ? EnumSet.allOf(PolicyKind.class) : EnumSet.copyOf(policies);
        OffersEvaluation.Settings settings = new OffersEvaluation.Settings(theGrid, lengths, loadFactor, step, chosen);
        OffersEvaluationResult result = OffersEvaluation.evaluate(trace.jobs(), settings,
                (jobs, policy, m, took, done, total) -> {
                    stderr.printf(Locale.ROOT, "[%d/%d] %5d jobs  %-5s  %7.2f s  mean wait %.0f s%n",
                            done, total, jobs, policy, took.toNanos() / 1e9, m.meanWaitSeconds());
                    stderr.flush();
                });

        stdout.printf(Locale.ROOT, "## Offers-based co-allocation (seed 001) on %s%n%n", swf.getFileName());
        stdout.printf(Locale.ROOT, "%d jobs, grid of %d clusters (%d processors), L = time x %d MIPS, planning with %s, load factor %s%n%n",
                result.jobs(), theGrid.size(), theGrid.totalProcessors(), referenceMips,
                exactEstimates ? "actual run times" : "requested times", loadFactor);
        stdout.print(OffersReport.markdown(result, theGrid));
        stdout.printf(Locale.ROOT, "%nTrace: %d malformed lines, skipped %s, fallbacks: %d requested processors, %d requested times, %d jobs ran longer than requested (capped)%n",
                trace.issueCount(), trace.normalisation().skippedByReason(), trace.normalisation().processorFallbacks(),
                trace.normalisation().requestedTimeFallbacks(), trace.normalisation().runLongerThanRequested());
        trace.extraColumns().ifPresent(note -> stdout.println("Trace: " + note));
        stdout.printf(Locale.ROOT, "Evaluation took %.2f s%n", result.elapsed().toNanos() / 1e9);
        if (!noCharts) {
            List<Path> files = OffersReport.writeCharts(result, out);
            stdout.printf("Charts: %s%n", files);
        }
        if (json != null) {
            Map<String, Object> doc = OffersReport.json(result, theGrid, trace, swf, lengths, loadFactor);
            OffersReport.writeJson(doc, json);
            stdout.printf("JSON: %s%n", json);
        }
        stdout.flush();
        return 0;
    }
}
