package io.coreserve.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
}
