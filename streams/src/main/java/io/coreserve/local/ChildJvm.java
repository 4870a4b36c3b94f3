package io.coreserve.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A child JVM whose output goes to a log file, stopped on {@link #close()} (SIGTERM, then SIGKILL after a
 * timeout) and by a shutdown hook when this JVM exits normally or on SIGINT/SIGTERM. When this JVM is killed
 * with SIGKILL no hook runs: the {@link OrphanGuard} agent in the child then ends it. Once
 * {@link #restartWhenDead} is called, a child that exits on its own is started again with the same command (so
 * on the same ports and data).
 */
final class ChildJvm implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ChildJvm.class);
    private static final Duration FIRST_POLL = Duration.ofMillis(100);
    private static final Duration MAX_POLL = Duration.ofSeconds(1);
    // The first restart waits a little for the dead child's ports to be released; repeated failures back off.
    private static final Duration FIRST_RESTART_PAUSE = Duration.ofMillis(500);
    private static final Duration MAX_RESTART_PAUSE = Duration.ofSeconds(30);

    /** Something that tells whether the child is ready; an exception means "not yet". */
    @FunctionalInterface
    interface ReadinessProbe {
        boolean ready() throws Exception;
    }

    private final String name;
    private final ProcessBuilder builder;
    private final Path logFile;
    private final Duration stopTimeout;
    private final Optional<PidFile> pidFile;
    private final Thread shutdownHook;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicInteger restarts = new AtomicInteger();
    private volatile Process process;
    private volatile long startedNanos;
    private ExecutorService supervisor;

    private ChildJvm(String name, ProcessBuilder builder, Path logFile, Duration stopTimeout, Optional<PidFile> pidFile) {
        this.name = name;
        this.builder = builder;
        this.logFile = logFile;
        this.stopTimeout = stopTimeout;
        this.pidFile = pidFile;
        this.shutdownHook = new Thread(this::stop, "stop-" + name);
    }

    /**
     * Starts {@code java <jvmArgs...>}, appending its stdout and stderr to {@code logFile}, and records it in
     * {@code pidFile} if given (see {@link PidFile}).
     */
    static ChildJvm start(String name, List<String> jvmArgs, Map<String, String> env, Path workDir, Path logFile,
            Duration stopTimeout, Optional<Path> pidFile) {
        ProcessBuilder builder = builder(jvmArgs, env, workDir, logFile);
        log.info("starting {}: {} (log: {})", name, String.join(" ", builder.command()), logFile);
        ChildJvm child = new ChildJvm(name, builder, logFile, stopTimeout, pidFile.map(PidFile::new));
        child.launch();
        Runtime.getRuntime().addShutdownHook(child.shutdownHook);
        return child;
    }

    /** Runs {@code java <jvmArgs...>} to completion (bounded by {@code timeout}) and fails unless it exits 0. */
    static void run(String name, List<String> jvmArgs, Path workDir, Path logFile, Duration timeout) {
        ProcessBuilder builder = builder(jvmArgs, Map.of(), workDir, logFile);
        log.info("running {}: {}", name, String.join(" ", builder.command()));
        long started = System.nanoTime();
        try {
            Process process = builder.start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor();
                throw new IllegalStateException(name + " did not finish within " + timeout + "; see " + logFile);
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException(name + " failed with exit code " + process.exitValue() + "; see "
                        + logFile + ":\n" + tail(logFile, 20));
            }
            log.info("{} done after {} ms", name, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + name, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + name, e);
        }
    }

    /**
     * {@code java -javaagent:<orphan guard>=<our pid> <jvmArgs...>} with stdin a pipe from this JVM, which the
     * guard watches: keep the pipe open and never write to it.
     */
    private static ProcessBuilder builder(List<String> jvmArgs, Map<String, String> env, Path workDir, Path logFile) {
        Path logDir = logFile.toAbsolutePath().getParent();
        try {
            Files.createDirectories(logDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> command = new ArrayList<>();
        command.add(javaExecutable());
        command.add("-javaagent:" + OrphanGuard.jar(logDir) + "=" + ProcessHandle.current().pid());
        command.addAll(jvmArgs);
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
                .redirectInput(ProcessBuilder.Redirect.PIPE);
        builder.environment().putAll(env);
        return builder;
    }

    /** The java of the JVM we run in: same version, no PATH surprises. */
    private static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Starts the process (again), unless closed; the lock orders it against {@link #stop()}. */
    private synchronized Process launch() {
        if (closed.get()) {
            throw new IllegalStateException(name + " is closed");
        }
        try {
            startedNanos = System.nanoTime();
            Process started = builder.start();
            process = started;
            pidFile.ifPresent(file -> file.write(started.toHandle()));
            return started;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name, e);
        }
    }

    /**
     * Polls {@code probe} (which checks {@code condition}, e.g. "HTTP API answers") with a growing pause (100 ms
     * up to 1 s) until it says ready. Fails fast, with the end of the child's log, if the child exits; fails if
     * it is not ready within {@code timeout}. The caller stops the child on failure.
     */
    void awaitReady(String condition, Duration timeout, ReadinessProbe probe) {
        Process current = process;
        Instant deadline = Instant.now().plus(timeout);
        Duration pause = FIRST_POLL;
        Exception lastFailure = null;
        while (true) {
            if (!current.isAlive()) {
                throw new IllegalStateException(name + " exited with code " + current.exitValue()
                        + " before it was ready; see " + logFile + ":\n" + tail(logFile, 30), lastFailure);
            }
            try {
                if (probe.ready()) {
                    log.info("{} (pid {}): {} after {} ms", name, current.pid(), condition,
                            TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos));
                    return;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + name, e);
            } catch (Exception e) {
                lastFailure = e;
            }
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException(name + " was not ready (" + condition + ") within " + timeout
                        + "; see " + logFile + ":\n" + tail(logFile, 30), lastFailure);
            }
            try {
                Thread.sleep(pause.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + name, e);
            }
            pause = pause.multipliedBy(2).compareTo(MAX_POLL) > 0 ? MAX_POLL : pause.multipliedBy(2);
        }
    }

    /**
     * From now on, when the child exits without being asked to, starts it again with the same command and runs
     * {@code awaitReady} (which fails if it does not come up), retrying with a growing pause until it is up or
     * this is closed.
     */
    synchronized void restartWhenDead(Runnable awaitReady) {
        if (supervisor != null || closed.get()) {
            return;
        }
        supervisor = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "supervise-" + name.replace(' ', '-'));
            thread.setDaemon(true);
            return thread;
        });
        watch(process, awaitReady);
    }

    private void watch(Process watched, Runnable awaitReady) {
        watched.onExit().thenRunAsync(() -> restartAfterExit(watched, awaitReady), supervisor);
    }

    private void restartAfterExit(Process exited, Runnable awaitReady) {
        if (closed.get()) {
            return;
        }
        log.warn("{} (pid {}) exited on its own with code {}; restarting it on the same port and data (log: {})",
                name, exited.pid(), exited.exitValue(), logFile);
        Duration pause = FIRST_RESTART_PAUSE;
        for (int attempt = 1; !closed.get(); attempt++) {
            try {
                Thread.sleep(pause.toMillis());
                Process started = launch();
                awaitReady.run();
                restarts.incrementAndGet();
                log.info("{} restarted (pid {}) after {} attempt(s)", name, started.pid(), attempt);
                watch(started, awaitReady);
                return;
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                if (closed.get()) {
                    return;
                }
                Process failed = process;
                failed.destroyForcibly();
                pause = pause.multipliedBy(2).compareTo(MAX_RESTART_PAUSE) > 0 ? MAX_RESTART_PAUSE
                        : pause.multipliedBy(2);
                log.warn("{} restart attempt {} failed ({}); next attempt in {} s", name, attempt,
                        firstLine(e.getMessage()), pause.toSeconds());
            }
        }
    }

    private static String firstLine(String message) {
        return message == null ? "no message" : message.lines().findFirst().orElse("");
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    ProcessHandle handle() {
        return process.toHandle();
    }

    /** How many times the child has been restarted after it exited on its own. */
    int restarts() {
        return restarts.get();
    }

    Path logFile() {
        return logFile;
    }

    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException alreadyShuttingDown) {
            // the hook is running or about to: nothing to remove
        }
    }

    private void stop() {
        if (!closed.compareAndSet(false, true)) {
            // Another thread is stopping it (this JVM's shutdown hook and a close() at once, as when a benchmark is
            // stopped with SIGTERM and its data directory is removed next): return once the child has exited.
            awaitExit();
            return;
        }
        Process current;
        synchronized (this) {
            // After this, launch() refuses to start the child again.
            current = process;
            if (supervisor != null) {
                supervisor.shutdownNow();
            }
        }
        if (current.isAlive()) {
            log.info("stopping {} (pid {})", name, current.pid());
            current.destroy();
            try {
                if (!current.waitFor(stopTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    log.warn("{} (pid {}) did not stop within {}, killing it", name, current.pid(), stopTimeout);
                    current.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                current.destroyForcibly();
            }
        }
        pidFile.ifPresent(PidFile::delete);
    }

    /** Waits, as long as a stop may take, for the child to exit. */
    private void awaitExit() {
        Process current = process;
        if (current == null) {
            return;
        }
        try {
            current.waitFor(stopTimeout.toMillis() + 10_000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The last {@code lines} lines of a log file, for error messages. */
    static String tail(Path file, int lines) {
        try {
            if (!Files.exists(file)) {
                return "(no log)";
            }
            List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(cannot read " + file + ": " + e.getMessage() + ")";
        }
    }
}
