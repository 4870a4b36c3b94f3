package io.coreserve.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.common.utils.Utils;

/**
 * A directory a command made for itself, removed with everything in it when closed. {@code bench pipeline
 * --embedded} without {@code --data-dir} puts its broker's log, its registry and its state there: a 10-minute soak
 * left 1.9 GB behind in the temporary directory each time. Closed after what uses it (declared before it in a
 * try-with-resources), so the processes writing there have stopped.
 *
 * <p>A command stopped by a signal (Ctrl-C, SIGTERM) never reaches the end of its try-with-resources: the JVM runs
 * its shutdown hooks and exits. So {@link #removeAtExit} also removes the directory from a hook, after stopping what
 * writes there: a soak stopped that way had left its 2 GB behind.
 */
final class TemporaryDir implements AutoCloseable {

    /** Attempts at removing it from a shutdown hook: the pipeline in this JVM may still create files there. */
    private static final int ATTEMPTS_AT_EXIT = 5;

    private final Path dir;
    private final PrintStream progress;
    private final AtomicBoolean removed = new AtomicBoolean();
    private Thread atExit;

    TemporaryDir(Path dir, PrintStream progress) {
        this.dir = dir;
        this.progress = progress;
    }

    /** Removes the directory at this JVM's shutdown too, once {@code writers} (the processes writing there) closed. */
    synchronized void removeAtExit(AutoCloseable writers) {
        atExit = new Thread(() -> removeAfter(writers), "remove-" + dir.getFileName());
        Runtime.getRuntime().addShutdownHook(atExit);
    }

    /** The hook {@link #removeAtExit} registered (for tests). */
    synchronized Thread atExitHook() {
        return atExit;
    }

    /** What the shutdown hook does: closes {@code writers}, then removes the directory, a few times if it must. */
    void removeAfter(AutoCloseable writers) {
        try {
            writers.close();
        } catch (Exception e) {
            progress.println("stopping what writes in " + dir + " failed: " + e);
        }
        for (int attempt = 1; attempt <= ATTEMPTS_AT_EXIT && !removed.get(); attempt++) {
            if (remove(attempt == ATTEMPTS_AT_EXIT)) {
                return;
            }
            try {
                Thread.sleep(200);                              // files still being made there: try again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            if (atExit != null) {
                try {
                    Runtime.getRuntime().removeShutdownHook(atExit);
                } catch (IllegalStateException alreadyShuttingDown) {
                    // the hook is running or about to: it removes the directory
                }
            }
        }
        remove(true);
    }

    /** Removes the directory unless already removed; true when it is gone. */
    private boolean remove(boolean sayWhyNot) {
        if (removed.get()) {
            return true;
        }
        try {
            Utils.delete(dir.toFile());
            if (removed.compareAndSet(false, true)) {
                progress.println("removed " + dir + " (--data-dir DIR keeps what a run leaves)");
            }
            return true;
        } catch (IOException e) {
            if (sayWhyNot) {
                progress.println("could not remove " + dir + ": " + e.getMessage());
            }
            return false;
        }
    }
}
