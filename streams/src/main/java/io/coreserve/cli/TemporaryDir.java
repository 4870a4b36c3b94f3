package io.coreserve.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import org.apache.kafka.common.utils.Utils;

/**
 * A directory a command made for itself, removed with everything in it when closed. {@code bench pipeline
 * --embedded} without {@code --data-dir} puts its broker's log, its registry and its state there: a 10-minute soak
 * left 1.9 GB behind in the temporary directory each time. Closed after what uses it (declared before it in a
 * try-with-resources), so the processes writing there have stopped.
 */
final class TemporaryDir implements AutoCloseable {

    private final Path dir;
    private final PrintStream progress;

    TemporaryDir(Path dir, PrintStream progress) {
        this.dir = dir;
        this.progress = progress;
    }

    @Override
    public void close() {
        try {
            Utils.delete(dir.toFile());
            progress.println("removed " + dir + " (--data-dir DIR keeps what a run leaves)");
        } catch (IOException e) {
            progress.println("could not remove " + dir + ": " + e.getMessage());
        }
    }
}
