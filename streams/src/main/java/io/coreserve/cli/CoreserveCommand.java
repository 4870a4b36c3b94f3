package io.coreserve.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code coreserve} command line. */
@Command(name = "coreserve", mixinStandardHelpOptions = true, version = "coreserve 0.1.0",
        description = "Advance reservation and co-allocation of compute resources on Kafka.",
        subcommands = {DevCommand.class, RunCommand.class, SubmitCommand.class, WatchCommand.class,
                ReplayCommand.class, EvaluateCommand.class, BenchCommand.class, DlqCommand.class,
                SettingsCommand.class, UserCommand.class, CancelCommand.class})
public final class CoreserveCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new CoreserveCommand()).execute(args));
    }
}
