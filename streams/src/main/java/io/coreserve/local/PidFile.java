package io.coreserve.local;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which process a child of the local stack is, and which JVM started it, in a file in the child's data
 * directory: {@code pid}, {@code started} and {@code owner.pid}, {@code owner.started}. Start instants make the
 * pair unambiguous when the kernel reuses a pid.
 *
 * <p>The next start on the same data directory reads it: a child whose owner is gone is stale (left by a run
 * that was killed before the children's own guard existed, or when the guard could not act) and is stopped;
 * a child whose owner still runs belongs to another live run, which is an error.
 */
record PidFile(Path file) {

    private static final Logger log = LoggerFactory.getLogger(PidFile.class);

    /** Records {@code child} as started by this JVM. */
    void write(ProcessHandle child) {
        write(child, ProcessHandle.current());
    }

    /** Records {@code child} as started by {@code owner}. */
    void write(ProcessHandle child, ProcessHandle owner) {
        Properties props = new Properties();
        props.setProperty("pid", Long.toString(child.pid()));
        props.setProperty("started", startOf(child));
        props.setProperty("owner.pid", Long.toString(owner.pid()));
        props.setProperty("owner.started", startOf(owner));
        try {
            Files.createDirectories(file.getParent());
            Path temp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
            try (Writer out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
                props.store(out, "Written by coreserve's local stack; a later start stops this child if its owner "
                        + "is gone");
            }
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    void delete() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            log.warn("cannot delete {}: {}", file, e.toString());
        }
    }

    /**
     * Stops the child recorded here if it still runs and its owner is gone (SIGTERM, then SIGKILL after
     * {@code stopTimeout}), and fails if its owner still runs. Does nothing when there is no file or the
     * recorded child is no longer running.
     */
    void stopStale(String name, Duration stopTimeout) {
        Optional<Properties> recorded = read();
        if (recorded.isEmpty()) {
            return;
        }
        Properties props = recorded.get();
        Optional<ProcessHandle> child = same(props, "pid", "started");
        if (child.isEmpty()) {
            return;
        }
        Optional<ProcessHandle> owner = same(props, "owner.pid", "owner.started");
        if (owner.isPresent()) {
            throw new IllegalStateException("a " + name + " is already running on this data directory (pid "
                    + child.get().pid() + ", started by pid " + owner.get().pid() + ", which still runs); stop it "
                    + "first or use another --data-dir");
        }
        ProcessHandle stale = child.get();
        log.warn("{} (pid {}) left running by an earlier run (pid {}) that is gone: stopping it", name, stale.pid(),
                props.getProperty("owner.pid"));
        stale.destroy();
        try {
            stale.onExit().get(stopTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception notYet) {
            log.warn("stale {} (pid {}) did not stop within {}; killing it", name, stale.pid(), stopTimeout);
            stale.destroyForcibly();
            try {
                stale.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException("cannot stop the stale " + name + " (pid " + stale.pid() + ")", e);
            }
        }
        log.info("stale {} (pid {}) stopped", name, stale.pid());
    }

    private Optional<Properties> read() {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        Properties props = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            props.load(in);
            return Optional.of(props);
        } catch (IOException | IllegalArgumentException e) {
            log.warn("ignoring unreadable {}: {}", file, e.toString());
            return Optional.empty();
        }
    }

    /** The running process with the recorded pid, if it is the one recorded (same start instant). */
    private static Optional<ProcessHandle> same(Properties props, String pidKey, String startKey) {
        long pid;
        try {
            pid = Long.parseLong(props.getProperty(pidKey, "").trim());
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        String started = props.getProperty(startKey, "");
        return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .filter(p -> started.equals(startOf(p)));
    }

    private static String startOf(ProcessHandle process) {
        return process.info().startInstant().map(Instant::toString).orElse("unknown");
    }
}
