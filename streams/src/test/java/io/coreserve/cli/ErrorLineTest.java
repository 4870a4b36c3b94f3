package io.coreserve.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ConnectException;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The error line of a failing command, with a command that fails as a Kafka producer or the registry client does. */
class ErrorLineTest {

    @Command(name = "top", subcommands = Failing.class)
    static final class Top implements Runnable {
        @Option(names = ErrorLine.VERBOSE)
        boolean verbose;

        @Override
        public void run() {
        }
    }

    @Command(name = "submit")
    static final class Failing implements Callable<Integer> {
        @Option(names = {"--bootstrap", "--bootstrap-servers"})
        String bootstrap;

        @Option(names = ErrorLine.VERBOSE)
        boolean verbose;

        @Override
        public Integer call() throws Exception {
            throw new ExecutionException(new TimeoutException("Topic requests not present in metadata after 5000 ms."));
        }
    }

    @Test
    void shouldPrintOneLineWithTheCauseAndTheBrokerAndExitWithOne() {
        StringWriter err = new StringWriter();

        int exit = run(err, "submit", "--bootstrap", "127.0.0.1:1");

        assertThat(exit).isEqualTo(1);
        assertThat(err.toString().lines()).containsExactly("coreserve submit: error: no answer from Kafka in time (is "
                + "the broker at 127.0.0.1:1 running, does the topic exist, and were this cluster's credentials found? "
                + "--credentials DIR): Topic requests not present in "
                + "metadata after 5000 ms.");
    }

    @Test
    void shouldAddTheStackTraceWithVerbose() {
        StringWriter err = new StringWriter();

        int exit = run(err, "submit", "--verbose", "--bootstrap", "127.0.0.1:1");

        assertThat(exit).isEqualTo(1);
        assertThat(err.toString().lines().findFirst()).hasValueSatisfying(
                first -> assertThat(first).startsWith("coreserve submit: error: no answer from Kafka"));
        assertThat(err.toString()).contains("java.util.concurrent.ExecutionException").contains("\tat ");
    }

    @Test
    void shouldKeepEachMessageOfTheCauseChainOnceOnOneLine() {
        Exception failure = new RuntimeException("Cannot write X to topic 'requests': Schema registry at http://r is "
                + "unreachable; could not register a schema: java.net.ConnectException",
                new IllegalStateException("Schema registry at http://r is unreachable;\ncould not register a schema",
                        new ConnectException()));

        String line = ErrorLine.describe(failure, "--bootstrap");

        assertThat(line).doesNotContain("\n")
                .as("the causes' messages are already in the first one")
                .isEqualTo(failure.getMessage());
        assertThat(ErrorLine.describe(new IllegalStateException("cannot start", new ConnectException("Connection "
                + "refused")), "--bootstrap")).isEqualTo("cannot start: Connection refused");
    }

    @Test
    void shouldGiveEveryCommandOfTheRealCommandLineAVerboseOption() {
        CommandLine commandLine = CoreserveCommand.commandLine();

        assertThat(commandLine.getSubcommands()).isNotEmpty();
        commandLine.getSubcommands().forEach((name, command) -> assertThat(
                command.getCommandSpec().findOption(ErrorLine.VERBOSE)).as(name).isNotNull());
        assertThat(commandLine.parseArgs("submit", "--verbose", "--user", "alice").subcommand()
                .hasMatchedOption(ErrorLine.VERBOSE)).isTrue();
    }

    private static int run(StringWriter err, String... args) {
        CommandLine commandLine = new CommandLine(new Top()).setExecutionExceptionHandler(new ErrorLine());
        commandLine.setErr(new PrintWriter(err, true));
        return commandLine.execute(args);
    }
}
