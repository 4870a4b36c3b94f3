package io.coreserve.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.coreserve.local.ApicurioRegistryProcess;
import io.coreserve.local.KafkaBrokerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench pipeline --embedded} in a JVM of its own, stopped with SIGTERM (as Ctrl-C stops it) while it measures:
 * its broker and registry must not outlive it, and the temporary directory it made for them and its pipeline's state
 * must not be left behind (a 10-minute soak stopped that way had left 2 GB in the temporary directory).
 */
@Tag("integration")
class BenchStoppedBySignalTest {

    @Test
    void shouldRemoveItsTemporaryDirectoryAndStopItsChildrenWhenStoppedBySignal(@TempDir Path tmp) throws Exception {
        Path log = tmp.resolve("bench.log");
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx768m", "-XX:+UseSerialGC", "-Djava.io.tmpdir=" + tmp,
                "-D" + ApicurioRegistryProcess.HOME_PROPERTY + "=" + ApicurioRegistryProcess.locateHome(),
                "-D" + KafkaBrokerProcess.LIB_PROPERTY + "=" + KafkaBrokerProcess.locateLib(),
                "-cp", System.getProperty("java.class.path"),
                "io.coreserve.cli.CoreserveCommand", "bench", "pipeline", "--embedded", "--max-duration", "600");
        Process bench = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        List<ProcessHandle> children;
        try {
            // Measuring: the broker, the registry and the pipeline's state are all in the directory by then.
            await("bench measuring").atMost(Duration.ofSeconds(180)).pollInterval(Duration.ofMillis(250)).until(() -> {
                if (!bench.isAlive()) {
                    throw new IllegalStateException("bench exited with " + bench.exitValue() + ":\n"
                            + Files.readString(log));
                }
                return Files.readString(log).contains("decided ");
            });
            assertThat(benchDirectories(tmp)).hasSize(1);
            children = bench.toHandle().descendants().toList();
            assertThat(children).as("broker and registry").hasSizeGreaterThanOrEqualTo(2);
        } finally {
            bench.destroy(); // SIGTERM
        }
        assertThat(bench.waitFor(120, TimeUnit.SECONDS)).as("bench stopped").isTrue();

        assertThat(benchDirectories(tmp)).as(Files.readString(log)).isEmpty();
        assertThat(Files.readString(log)).contains("removed " + tmp.resolve("coreserve-bench"));
        await("broker and registry gone").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                .until(() -> children.stream().noneMatch(ProcessHandle::isAlive));
    }

    private static List<Path> benchDirectories(Path tmp) throws IOException {
        try (Stream<Path> entries = Files.list(tmp)) {
            return entries.filter(p -> p.getFileName().toString().startsWith("coreserve-bench")).toList();
        }
    }
}
