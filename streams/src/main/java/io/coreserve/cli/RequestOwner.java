package io.coreserve.cli;

import picocli.CommandLine.Option;

/** Whose request a command names, and in which domain ({@code cancel}, {@code accept}, {@code show}). */
public final class RequestOwner {

    @Option(names = "--user", description = "The request's owner (default: the credentials' local user).")
    String user;

    @Option(names = "--domain", description = "Domain of the request (default: the configured default domain).")
    String domain;

    /** {@code --user}, else whom {@code connection} acted as on its last load; null when neither says. */
    String actingUser(ConnectionOptions connection) {
        return user != null ? user : connection.user();
    }

    /** As {@link #actingUser}, for a command that must be sent as someone. */
    String requireUser(ConnectionOptions connection) {
        String owner = actingUser(connection);
        if (owner == null) {
            throw new IllegalArgumentException("--user is required (no credentials name a local user)");
        }
        return owner;
    }
}
