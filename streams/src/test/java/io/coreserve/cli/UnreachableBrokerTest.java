package io.coreserve.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.local.FreePorts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code coreserve submit} against a port where no broker listens, in a JVM of its own with the logging
 * configuration that users get (not the tests'): one line on stderr, exit code 1, within seconds.
 */
class UnreachableBrokerTest {

    /** The producer's 5 s wait for metadata, plus starting a JVM on a busy machine. */
    private static final Duration REPORTED_WITHIN = Duration.ofSeconds(25);

    @Test
    void shouldReportAnUnreachableBrokerInOneLineWithinSeconds(@TempDir Path dir) throws Exception {
        int nobody = FreePorts.pick();
        Path stdout = dir.resolve("stdout");
        Path stderr = dir.resolve("stderr");
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Dlog4j2.configurationFile=" + getClass().getResource("/log4j2.xml"),
                "-cp", System.getProperty("java.class.path"),
                "io.coreserve.cli.CoreserveCommand", "submit", "--bootstrap", "127.0.0.1:" + nobody,
                "--registry", "http://127.0.0.1:" + nobody + "/apis/ccompat/v7",
                "--user", "alice", "--n", "2", "--duration", "1h");
        long started = System.nanoTime();
        Process submit = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile())
                .start();

        boolean exited = submit.waitFor(REPORTED_WITHIN.toMillis(), TimeUnit.MILLISECONDS);
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        if (!exited) {
            submit.destroyForcibly();
        }

        assertThat(exited).as("submit exited within %s", REPORTED_WITHIN).isTrue();
        assertThat(submit.exitValue()).isEqualTo(1);
        assertThat(Files.readAllLines(stderr)).as("stderr, after %s ms", took.toMillis()).singleElement()
                .asString()
                .startsWith("coreserve submit: error: no answer from Kafka in time (is the broker at 127.0.0.1:"
                        + nobody + " running")
                .contains("after 5000 ms");
        assertThat(Files.readString(stdout)).as("no request id printed").isEmpty();
    }

    @Test
    void shouldSayHowToNameTheUserWhenNoCredentialsApply() {
        java.io.StringWriter err = new java.io.StringWriter();
        int nobody = FreePorts.pick();

        int exit = CoreserveCommand.commandLine().setErr(new java.io.PrintWriter(err)).execute("submit",
                "--bootstrap", "127.0.0.1:" + nobody, "--n", "2", "--duration", "1h");

        assertThat(exit).isEqualTo(1);
        assertThat(err.toString().lines()).singleElement().asString()
                .isEqualTo("coreserve submit: error: user is required: give --user NAME, or --credentials DIR "
                        + "(dev's DATA_DIR/credentials) to act as its local user");
    }
}
