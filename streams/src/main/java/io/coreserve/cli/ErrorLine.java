package io.coreserve.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * How a command that fails says so: one line on stderr, {@code coreserve COMMAND: error: CAUSE}, with the
 * messages of the cause chain (each once), and exit code 1. The stack trace only with {@code --verbose}.
 */
final class ErrorLine implements IExecutionExceptionHandler {

    static final int EXIT_CODE = 1;
    static final String VERBOSE = "--verbose";

    @Override
    public int handleExecutionException(Exception failure, CommandLine command, ParseResult parsed) {
        var err = command.getErr();
        String where = command.getCommandName().equals("coreserve") ? "coreserve" : "coreserve " + command.getCommandName();
        err.println(where + ": error: " + describe(failure, bootstrapOf(parsed)));
        if (verbose(parsed)) {
            failure.printStackTrace(err);
        }
        err.flush();
        return EXIT_CODE;
    }

    private static boolean verbose(ParseResult parsed) {
        for (ParseResult level = parsed; level != null; level = level.subcommand()) {
            if (level.hasMatchedOption(VERBOSE)) {
                return true;
            }
        }
        return false;
    }

    /** The {@code --bootstrap} given on the command line, else a pointer to the option. */
    private static String bootstrapOf(ParseResult parsed) {
        for (ParseResult level = parsed; level != null; level = level.subcommand()) {
            if (level.hasMatchedOption("--bootstrap")) {
                return level.matchedOptionValue("--bootstrap", "--bootstrap");
            }
        }
        return "--bootstrap";
    }

    /**
     * The messages along the cause chain, without wrappers that only repeat their cause, joined by ": " on one
     * line; a Kafka timeout says which setting to check.
     */
    static String describe(Throwable failure, String bootstrap) {
        List<String> parts = new ArrayList<>();
        boolean kafkaTimeout = false;
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            kafkaTimeout |= t instanceof org.apache.kafka.common.errors.TimeoutException;
            if ((t instanceof ExecutionException || t instanceof CompletionException) && t.getCause() != null) {
                continue;
            }
            String text = t.getMessage() == null || t.getMessage().isBlank() ? t.getClass().getSimpleName()
                    : t.getMessage().replaceAll("\\s+", " ").trim();
            if (parts.stream().noneMatch(seen -> seen.contains(text))) {
                parts.add(text);
            }
        }
        String line = String.join(": ", parts);
        // A secured broker (dev's) closes the connection of a client without its credentials, which the client sees
        // as the same silence as a stopped broker.
        return kafkaTimeout ? "no answer from Kafka in time (is the broker at " + bootstrap
                + " running, does the topic exist, and were this cluster's credentials found? --credentials DIR): "
                + line : line;
    }
}
