package io.coreserve.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TemporaryDirTest {

    @Test
    void shouldRemoveTheDirectoryAndEverythingInItWhenClosed(@TempDir Path parent) throws Exception {
        Path dir = Files.createDirectory(parent.resolve("coreserve-bench1"));
        Files.createDirectories(dir.resolve("kafka/requests-0"));
        Files.writeString(dir.resolve("kafka/requests-0/00000000000000000000.log"), "segment");
        ByteArrayOutputStream said = new ByteArrayOutputStream();

        try (TemporaryDir ignored = new TemporaryDir(dir, new PrintStream(said, true, StandardCharsets.UTF_8))) {
            assertThat(dir).exists();
        }

        assertThat(dir).doesNotExist();
        assertThat(parent).exists();
        assertThat(said.toString(StandardCharsets.UTF_8)).contains("removed " + dir);
    }

    /** What the shutdown hook does: stop what writes there first (the directory still whole), then remove it. */
    @Test
    void shouldRemoveTheDirectoryAtExitOnlyAfterStoppingWhatWritesThere(@TempDir Path parent) throws Exception {
        Path dir = Files.createDirectory(parent.resolve("coreserve-bench2"));
        Files.writeString(dir.resolve("registry.log"), "log");
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        TemporaryDir temporary = new TemporaryDir(dir, new PrintStream(said, true, StandardCharsets.UTF_8));
        AtomicBoolean stoppedWithDirectoryThere = new AtomicBoolean();

        temporary.removeAfter(() -> stoppedWithDirectoryThere.set(Files.exists(dir.resolve("registry.log"))));

        assertThat(stoppedWithDirectoryThere).isTrue();
        assertThat(dir).doesNotExist();
        temporary.close();                                      // after the hook: nothing left to do, said once
        assertThat(said.toString(StandardCharsets.UTF_8).split("removed ", -1)).hasSize(2);
    }

    /** A failing stop is reported, and the directory is removed all the same. */
    @Test
    void shouldRemoveTheDirectoryAtExitEvenWhenStoppingFails(@TempDir Path parent) throws Exception {
        Path dir = Files.createDirectory(parent.resolve("coreserve-bench3"));
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        TemporaryDir temporary = new TemporaryDir(dir, new PrintStream(said, true, StandardCharsets.UTF_8));

        temporary.removeAfter(() -> {
            throw new IllegalStateException("broker did not stop");
        });

        assertThat(dir).doesNotExist();
        assertThat(said.toString(StandardCharsets.UTF_8)).contains("broker did not stop").contains("removed " + dir);
    }

    /** Registered and closed normally: removed once, and the hook is gone (no second removal at this JVM's exit). */
    @Test
    void shouldDeregisterTheHookWhenClosed(@TempDir Path parent) throws Exception {
        Path dir = Files.createDirectory(parent.resolve("coreserve-bench4"));
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        AtomicBoolean writersClosed = new AtomicBoolean();
        Thread hook;
        try (TemporaryDir temporary = new TemporaryDir(dir, new PrintStream(said, true, StandardCharsets.UTF_8))) {
            temporary.removeAtExit(() -> writersClosed.set(true));
            hook = temporary.atExitHook();
        }

        assertThat(dir).doesNotExist();
        assertThat(writersClosed).as("the hook did not run").isFalse();
        assertThat(Runtime.getRuntime().removeShutdownHook(hook)).as("still registered").isFalse();
        assertThat(said.toString(StandardCharsets.UTF_8)).contains("removed " + dir);
    }
}
