package io.coreserve.cli.request;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.cli.CoreserveCommand;
import io.coreserve.local.FreePorts;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code submit} refuses, before it sends anything, what the pipeline could only reject: an id that
 * {@code GET /reservations/ID} cannot carry and a duration above {@code coreserve.request.max-duration}. No broker
 * listens where it would send, so an answer within a second shows that it did not try.
 */
class RequestPrecheckTest {

    private String submit(String... flags) {
        int nobody = FreePorts.pick();
        CommandLine cli = CoreserveCommand.commandLine();
        StringWriter err = new StringWriter();
        cli.setErr(new PrintWriter(err, true));
        String[] args = new String[flags.length + 7];
        String[] fixed = {"submit", "--bootstrap", "127.0.0.1:" + nobody,
            "--registry", "http://127.0.0.1:" + nobody + "/apis/ccompat/v7", "--user", "alice"};
        System.arraycopy(fixed, 0, args, 0, fixed.length);
        System.arraycopy(flags, 0, args, fixed.length, flags.length);
        long started = System.nanoTime();
        int exit = cli.execute(args);
        assertThat(exit).isEqualTo(1);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("refused before any client waits for Kafka")
                .isLessThan(Duration.ofSeconds(3));
        return err.toString();
    }

    @Test
    void shouldRefuseAnIdWithASlashBeforeSending() {
        assertThat(submit("--id", "team/job-1", "--n", "2", "--duration", "1h"))
                .startsWith("coreserve submit: error: id (--id) may contain only letters, digits")
                .contains("found '/' at position 5", "nothing was sent");
    }

    @Test
    void shouldRefuseADurationAboveTheConfiguredMaximumBeforeSending() {
        assertThat(submit("--n", "2", "--duration", "100000d"))
                .startsWith("coreserve submit: error: duration (--duration) must be at most 30d "
                        + "(coreserve.request.max-duration), was 100000d");
    }
}
