package io.coreserve.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A port remembered in a file of the data directory, so that a restart of {@code coreserve dev} listens where the last
 * run did (scripts and browser tabs keep working) whenever that port is still free.
 */
public record KeptPort(Path file) {

    /** The remembered port if it is free now, else a new free port. */
    public int choose() {
        return FreePorts.preferring(remembered());
    }

    /** Remembers {@code port} for the next run. */
    public void keep(int port) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, port + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** The port the file holds; 0 when there is none or it is unreadable. */
    public int remembered() {
        try {
            return Files.exists(file) ? Integer.parseInt(Files.readString(file).trim()) : 0;
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }
}
