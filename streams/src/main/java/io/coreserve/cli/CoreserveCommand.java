package io.coreserve.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** The {@code coreserve} command line. */
@Command(name = "coreserve", mixinStandardHelpOptions = true, version = "coreserve 0.1.0",
        description = "Advance reservation and co-allocation of compute resources on Kafka.",
        subcommands = {DevCommand.class, RunCommand.class, SubmitCommand.class, WatchCommand.class,
                ReplayCommand.class, EvaluateCommand.class, BenchCommand.class})
public final class CoreserveCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = ErrorLine.VERBOSE, scope = ScopeType.INHERIT,
            description = "On an error, print the stack trace too (by default: one line with the cause).")
    boolean verbose;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /** The command line with its error handling: one line and exit code 1 (see {@link ErrorLine}). */
    public static CommandLine commandLine() {
        return new CommandLine(new CoreserveCommand()).setExecutionExceptionHandler(new ErrorLine());
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
