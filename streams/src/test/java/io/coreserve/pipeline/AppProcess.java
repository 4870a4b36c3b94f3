package io.coreserve.pipeline;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The app as users run it, in a child JVM: {@code coreserve run --config FILE}, on this JVM's classpath, with its
 * output appended to a log file. {@link #kill()} sends SIGKILL: no shutdown hook, no clean close, no commit.
 */
final class AppProcess implements AutoCloseable {

    private static final String READY = "coreserve running";

    private final Process process;
    private final Path log;

    private AppProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static AppProcess start(Path config, Path log, Duration readyTimeout) throws IOException, InterruptedException {
        Files.createDirectories(log.getParent());
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                "io.coreserve.cli.CoreserveCommand", "run", "--config", config.toString());
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        AppProcess app = new AppProcess(process, log);
        try {
            await().atMost(readyTimeout).pollInterval(Duration.ofMillis(200)).until(() -> {
                if (!process.isAlive()) {
                    throw new IllegalStateException("the app exited with " + process.exitValue() + ":\n" + app.tail());
                }
                return app.output().contains(READY);
            });
        } catch (RuntimeException e) {
            app.kill();
            throw new IllegalStateException("the app did not start; its log:\n" + app.tail(), e);
        }
        return app;
    }

    long pid() {
        return process.pid();
    }

    /** SIGKILL, and waits until the process is gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("process " + process.pid() + " did not die");
        }
    }

    String output() {
        try {
            return Files.exists(log) ? Files.readString(log) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String tail() {
        List<String> lines = output().lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    /** Stops the app cleanly (SIGTERM) if it still runs; SIGKILL after 30 s. */
    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                kill();
            }
        }
    }
}
