package io.coreserve.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Offline evaluations on real traces: the papers' experiments, rebuilt. */
@Command(name = "evaluate", mixinStandardHelpOptions = true,
        description = "Run an offline evaluation on real data and print tables, charts and JSON.",
        subcommands = {EvaluateCollectiveCommand.class, EvaluateOffersCommand.class,
                EvaluateCoreservationCommand.class, EvaluateVgridCommand.class})
public final class EvaluateCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
