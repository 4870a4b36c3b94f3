package io.coreserve.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stale children are recognised by their pid file, with real processes ({@code sleep}) standing in for them. */
class PidFileTest {

    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(5);
    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void killLeftovers() {
        started.forEach(Process::destroyForcibly);
    }

    @Test
    void shouldStopAChildWhoseOwnerIsGone(@TempDir Path dir) throws Exception {
        Process owner = sleeper();
        Process child = sleeper();
        PidFile pidFile = new PidFile(dir.resolve("broker.pid"));
        pidFile.write(child.toHandle(), owner.toHandle());
        owner.destroyForcibly().waitFor(5, TimeUnit.SECONDS);

        pidFile.stopStale("test child", STOP_TIMEOUT);

        assertThat(child.waitFor(5, TimeUnit.SECONDS)).as("stale child stopped").isTrue();
    }

    @Test
    void shouldRefuseWhileTheOwnerStillRuns(@TempDir Path dir) throws Exception {
        Process child = sleeper();
        PidFile pidFile = new PidFile(dir.resolve("broker.pid"));
        pidFile.write(child.toHandle());

        assertThatThrownBy(() -> pidFile.stopStale("test child", STOP_TIMEOUT))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already running")
                .hasMessageContaining(Long.toString(child.pid()));
        assertThat(child.isAlive()).isTrue();
    }

    @Test
    void shouldLeaveAProcessAloneThatOnlyHasTheRecordedPid(@TempDir Path dir) throws Exception {
        Process child = sleeper();
        Process owner = sleeper();
        Path file = dir.resolve("broker.pid");
        new PidFile(file).write(child.toHandle(), owner.toHandle());
        owner.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        // The kernel reused the pid: same number, another start instant.
        rewrite(file, "started", "2001-01-01T00:00:00Z");

        new PidFile(file).stopStale("test child", STOP_TIMEOUT);

        assertThat(child.isAlive()).isTrue();
    }

    @Test
    void shouldIgnoreAMissingOrUnreadableFile(@TempDir Path dir) throws Exception {
        new PidFile(dir.resolve("none.pid")).stopStale("test child", STOP_TIMEOUT);
        Path garbage = dir.resolve("garbage.pid");
        Files.writeString(garbage, "pid=not-a-number\n");

        new PidFile(garbage).stopStale("test child", STOP_TIMEOUT);

        assertThat(garbage).exists();
    }

    private Process sleeper() throws IOException {
        Process process = new ProcessBuilder("sleep", "300").start();
        started.add(process);
        return process;
    }

    private static void rewrite(Path file, String key, String value) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            lines.add(line.startsWith(key + "=") ? key + "=" + value.replace(":", "\\:") : line);
        }
        Files.write(file, lines);
    }
}
