package io.coreserve.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Options of {@code bench pipeline} refused before anything starts. */
class BenchOptionsTest {

    @Test
    void shouldRefuseANegativeLingerBeforeStartingAnything() {
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new BenchCommand()).setErr(new PrintWriter(err));

        int exit = cli.execute("pipeline", "--embedded", "--soak", "--soak-linger-ms", "-1");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("--soak-linger-ms must be 0 or more, not -1");
        assertThat(err.toString()).doesNotContain("starting a broker");
    }
}
