package io.coreserve.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/** The {@code coreserve} command line. */
@Command(name = "coreserve", mixinStandardHelpOptions = true, version = "coreserve 0.1.0",
        description = "Advance reservation and co-allocation of compute resources on Kafka.",
        subcommands = {DevCommand.class, RunCommand.class, SubmitCommand.class, WatchCommand.class,
                ReplayCommand.class, EvaluateCommand.class, BenchCommand.class, DlqCommand.class,
                SettingsCommand.class, UserCommand.class, CancelCommand.class, AcceptCommand.class,
                ShowCommand.class, QueueCommand.class, ProbeCommand.class})
public final class CoreserveCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private static final String VERBOSE_DESCRIPTION =
            "On an error, print the stack trace too (by default: one line with the cause).";

    @Option(names = ErrorLine.VERBOSE, description = VERBOSE_DESCRIPTION)
    boolean verbose;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /**
     * The command line with its error handling: one line and exit code 1 (see {@link ErrorLine}), and
     * {@code --verbose} on every command.
     */
    public static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new CoreserveCommand());
        commandLine.getSubcommands().values().forEach(CoreserveCommand::addVerbose);
        return commandLine.setExecutionExceptionHandler(new ErrorLine());
    }

    /**
     * Adds {@code --verbose} to a command and its subcommands unless they declare their own (picocli's inherited
     * options refuse a command that does), which {@link ErrorLine} reads from the parse result.
     */
    private static void addVerbose(CommandLine command) {
        if (command.getCommandSpec().findOption(ErrorLine.VERBOSE) == null) {
            command.getCommandSpec().addOption(OptionSpec.builder(ErrorLine.VERBOSE).type(boolean.class)
                    .description(VERBOSE_DESCRIPTION).build());
        }
        command.getSubcommands().values().forEach(CoreserveCommand::addVerbose);
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
