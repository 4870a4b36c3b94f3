package io.coreserve.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Which commands {@code bin/coreserve} starts with the JIT flags of an app that warms itself up or of the benchmark
 * client (README, "Scaling model"): the JVM it starts is asked for its flags and its version only
 * ({@code -XX:+PrintCommandLineFlags -version} in {@code JAVA_OPTS}), so no command runs.
 */
class LauncherJitFlagsTest {

    private static final String SCALING = "-XX:CompileThresholdScaling=0.1";
    private static final String TRAPS = "-XX:PerMethodTrapLimit=0";
    private static final String C1_ONLY = "-XX:TieredStopAtLevel=1";

    @Test
    void devAndTheEmbeddedBenchmarkGetTheFlags() throws Exception {
        assertThat(jvmFlags("dev", "--data-dir", "d")).contains(SCALING, TRAPS);
        assertThat(jvmFlags("--verbose", "dev")).contains(SCALING, TRAPS);
        assertThat(jvmFlags("bench", "pipeline", "--embedded", "--soak")).contains(SCALING, TRAPS);
    }

    @Test
    void clientsRunAndTheEngineBenchmarksKeepTheJvmDefaults() throws Exception {
        for (List<String> command : List.of(List.of("bench", "pipeline", "--bootstrap", "b:9092", "--soak"),
                List.of("run"), List.of("submit", "--embedded"), List.of("bench", "engine"),
                List.of("evaluate", "vgrid", "quality"))) {
            assertThat(jvmFlags(command.toArray(String[]::new))).as("%s", command)
                    .doesNotContain("CompileThresholdScaling", "PerMethodTrapLimit", "TieredStopAtLevel");
        }
    }

    @Test
    void theBenchmarkAgainstARunningStackRunsOnC1Only() throws Exception {
        assertThat(jvmFlags("bench", "pipeline", "--bootstrap", "b:9092")).contains(C1_ONLY)
                .doesNotContain("CompileThresholdScaling", "PerMethodTrapLimit");
        assertThat(jvmFlags("bench", "pipeline", "--embedded")).doesNotContain("TieredStopAtLevel");
    }

    @Test
    void javaOptsComeAfterTheFlagsSoTheyCanOverrideThem() throws Exception {
        String flags = jvmFlags(List.of("-XX:PerMethodTrapLimit=100"), "dev");
        assertThat(flags).contains("-XX:PerMethodTrapLimit=100").doesNotContain(TRAPS).contains(SCALING);
    }

    private static String jvmFlags(String... args) throws IOException, InterruptedException {
        return jvmFlags(List.of("-XX:+UseG1GC"), args);
    }

    /** The flags the launcher's JVM reports for {@code args}, with {@code javaOpts} in {@code JAVA_OPTS}. */
    private static String jvmFlags(List<String> javaOpts, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", Path.of("..", "bin", "coreserve").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        List<String> opts = new ArrayList<>(javaOpts);
        opts.addAll(List.of("-XX:+PrintCommandLineFlags", "-version"));
        builder.environment().put("JAVA_OPTS", String.join(" ", opts));
        builder.environment().put("CORESERVE_SKIP_BUILD", "1");
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        return output.lines().filter(line -> line.startsWith("-XX:")).findFirst().orElseThrow();
    }
}
