package io.coreserve.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.coreserve.local.ApicurioRegistryProcess;
import io.coreserve.local.KafkaBrokerProcess;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code coreserve dev} in a JVM of its own, killed with SIGKILL (no shutdown hook runs): its broker and registry
 * must not outlive it, and the next {@code dev} on the same data directory must start without anyone cleaning up.
 */
@Tag("integration")
class DevOrphansTest {

    private static final String READY = "coreserve ready";

    @Test
    void shouldTakeTheBrokerAndRegistryDownWhenDevIsKilled(@TempDir Path dataDir) throws Exception {
        Process dev = startDev(dataDir, dataDir.resolve("dev-1.log"));
        long brokerPid;
        long registryPid;
        try {
            brokerPid = recordedPid(dataDir.resolve("kafka/broker.pid"));
            registryPid = recordedPid(dataDir.resolve("registry/registry.pid"));
            assertThat(ProcessHandle.of(brokerPid)).as("broker running").isPresent();
            assertThat(ProcessHandle.of(registryPid)).as("registry running").isPresent();
        } finally {
            dev.destroyForcibly(); // SIGKILL
            assertThat(dev.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }

        await("broker and registry gone").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                .until(() -> ProcessHandle.of(brokerPid).filter(ProcessHandle::isAlive).isEmpty()
                        && ProcessHandle.of(registryPid).filter(ProcessHandle::isAlive).isEmpty());

        Process again = startDev(dataDir, dataDir.resolve("dev-2.log"));
        // Like the broker's and the registry's, the HTTP address of the ready line stays the same across restarts.
        assertThat(httpOf(dataDir.resolve("dev-2.log"))).isEqualTo(httpOf(dataDir.resolve("dev-1.log")));
        again.destroy(); // SIGTERM: a clean stop, which stops the children through the shutdown hook
        assertThat(again.waitFor(60, TimeUnit.SECONDS)).isTrue();
    }

    /**
     * The HTTP port is chosen once the broker and the registry listen: a data directory that remembers the same
     * port for the registry and for HTTP (what a port picked free, released, and picked again by the registry left
     * behind in CI) still starts, the registry on its port and HTTP on another.
     */
    @Test
    void shouldNotGiveTheHttpServerThePortTheRegistryTakes(@TempDir Path dataDir) throws Exception {
        int port = io.coreserve.local.FreePorts.pick();
        Files.createDirectories(dataDir.resolve("registry"));
        Files.writeString(dataDir.resolve("registry/registry.port"), port + "\n");
        Files.writeString(dataDir.resolve(DevCommand.HTTP_PORT_FILE), port + "\n");
        Process dev = startDev(dataDir, dataDir.resolve("dev.log"));
        try {
            String ready = Files.readAllLines(dataDir.resolve("dev.log")).stream().filter(l -> l.startsWith(READY))
                    .findFirst().orElseThrow();
            assertThat(ready).contains("registry=http://127.0.0.1:" + port + "/");
            assertThat(java.net.URI.create(httpOf(dataDir.resolve("dev.log"))).getPort()).isNotEqualTo(port);
        } finally {
            dev.destroy();
            assertThat(dev.waitFor(60, TimeUnit.SECONDS)).isTrue();
        }
    }

    /** {@code coreserve dev --data-dir DIR --no-demo} on this JVM's classpath; returns once it printed its ready line. */
    private static Process startDev(Path dataDir, Path log) throws IOException {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-XX:+UseSerialGC",
                "-D" + ApicurioRegistryProcess.HOME_PROPERTY + "=" + ApicurioRegistryProcess.locateHome(),
                "-D" + KafkaBrokerProcess.LIB_PROPERTY + "=" + KafkaBrokerProcess.locateLib(),
                "-cp", System.getProperty("java.class.path"),
                "io.coreserve.cli.CoreserveCommand", "dev", "--data-dir", dataDir.toString(), "--no-demo",
                "--partitions", "1");
        Process dev = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        try {
            await("dev ready").atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(250)).until(() -> {
                if (!dev.isAlive()) {
                    throw new IllegalStateException("dev exited with " + dev.exitValue() + ":\n" + Files.readString(log));
                }
                return Files.readString(log).contains(READY);
            });
        } catch (RuntimeException e) {
            dev.destroyForcibly();
            throw e;
        }
        return dev;
    }

    private static String httpOf(Path log) throws IOException {
        return Files.readAllLines(log).stream().filter(l -> l.startsWith(READY)).findFirst().orElseThrow()
                .replaceAll(".* http=", "");
    }

    private static long recordedPid(Path pidFile) throws IOException {
        Properties props = new Properties();
        try (Reader in = Files.newBufferedReader(pidFile)) {
            props.load(in);
        }
        return Long.parseLong(props.getProperty("pid"));
    }
}
