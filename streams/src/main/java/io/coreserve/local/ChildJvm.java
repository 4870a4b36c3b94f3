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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A child JVM whose output goes to a log file, stopped on {@link #close()} (SIGTERM, then SIGKILL after a
 * timeout) and, as a safety net, by a shutdown hook, so that no child outlives a JVM that exits normally or
 * on SIGINT/SIGTERM. (Nothing can help when this JVM is killed with SIGKILL.)
 */
final class ChildJvm implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ChildJvm.class);
    private static final Duration FIRST_POLL = Duration.ofMillis(100);
    private static final Duration MAX_POLL = Duration.ofSeconds(1);

    /** Something that tells whether the child is ready; an exception means "not yet". */
    @FunctionalInterface
    interface ReadinessProbe {
        boolean ready() throws Exception;
    }

    private final String name;
    private final Process process;
    private final Path logFile;
    private final Duration stopTimeout;
    private final Thread shutdownHook;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final long startedNanos = System.nanoTime();

    private ChildJvm(String name, Process process, Path logFile, Duration stopTimeout) {
        this.name = name;
        this.process = process;
        this.logFile = logFile;
        this.stopTimeout = stopTimeout;
        this.shutdownHook = new Thread(this::stop, "stop-" + name);
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Starts {@code java <jvmArgs...>}, appending its stdout and stderr to {@code logFile}. */
    static ChildJvm start(String name, List<String> jvmArgs, Map<String, String> env, Path workDir, Path logFile,
            Duration stopTimeout) {
        ProcessBuilder builder = builder(jvmArgs, env, workDir, logFile);
        log.info("starting {}: {} (log: {})", name, String.join(" ", builder.command()), logFile);
        try {
            return new ChildJvm(name, builder.start(), logFile, stopTimeout);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name, e);
        }
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

    private static ProcessBuilder builder(List<String> jvmArgs, Map<String, String> env, Path workDir, Path logFile) {
        try {
            Files.createDirectories(logFile.toAbsolutePath().getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> command = new ArrayList<>();
        command.add(javaExecutable());
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

    /**
     * Polls {@code probe} (which checks {@code condition}, e.g. "HTTP API answers") with a growing pause (100 ms up to 1 s) until it says ready. Fails fast, with the end
     * of the child's log, if the child exits; stops the child and fails if it is not ready within
     * {@code timeout}.
     */
    void awaitReady(String condition, Duration timeout, ReadinessProbe probe) {
        Instant deadline = Instant.now().plus(timeout);
        Duration pause = FIRST_POLL;
        Exception lastFailure = null;
        while (true) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with code " + process.exitValue()
                        + " before it was ready; see " + logFile + ":\n" + tail(logFile, 30), lastFailure);
            }
            try {
                if (probe.ready()) {
                    log.info("{} (pid {}): {} after {} ms", name, process.pid(), condition,
                            TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos));
                    return;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop();
                throw new IllegalStateException("interrupted while waiting for " + name, e);
            } catch (Exception e) {
                lastFailure = e;
            }
            if (Instant.now().isAfter(deadline)) {
                stop();
                throw new IllegalStateException(name + " was not ready (" + condition + ") within " + timeout + "; see " + logFile
                        + ":\n" + tail(logFile, 30), lastFailure);
            }
            try {
                Thread.sleep(pause.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop();
                throw new IllegalStateException("interrupted while waiting for " + name, e);
            }
            pause = pause.multipliedBy(2).compareTo(MAX_POLL) > 0 ? MAX_POLL : pause.multipliedBy(2);
        }
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
            return;
        }
        if (!process.isAlive()) {
            return;
        }
        log.info("stopping {} (pid {})", name, process.pid());
        process.destroy();
        try {
            if (!process.waitFor(stopTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn("{} (pid {}) did not stop within {}, killing it", name, process.pid(), stopTimeout);
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
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
