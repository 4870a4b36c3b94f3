package io.coreserve.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.coreserve.app.CoreserveApp;
import io.coreserve.app.EventProducer;
import io.coreserve.app.TopicAdmin;
import io.coreserve.catalogue.DemoCatalogue;
import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.Resource;
import io.coreserve.identity.Credentials;
import io.coreserve.identity.ScramUsers;
import io.coreserve.local.BrokerSecurity;
import io.coreserve.local.KafkaBrokerProcess;
import io.coreserve.reservation.ReservationPipeline;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The everyday commands against the pipeline as {@code dev} runs it (secured broker, signed commands, HTTP queries):
 * alice books all of a two-node domain, a second request gets a counter-offer, {@code queue} lists both (with
 * {@code --start} the offer's start), {@code probe} says when a third would start and books nothing, {@code accept}
 * takes the offer, {@code cancel} the first; every command with {@code --json}.
 */
@Tag("integration")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CliCommandsEndToEndTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path data;

    private static KafkaBrokerProcess broker;
    private static CoreserveApp app;
    private static BrokerSecurity security;
    private static double cores;

    @BeforeAll
    static void start() throws Exception {
        security = BrokerSecurity.forDataDir(data);
        broker = KafkaBrokerProcess.start(KafkaBrokerProcess.locateLib(), data, Duration.ofSeconds(90), security);
        Map<String, String> settings = new HashMap<>(security.pipelineSettings());
        settings.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        settings.put(CoreserveConfig.SCHEMA_REGISTRY_URL, "mock://cli-e2e");
        settings.put(StreamsConfig.STATE_DIR_CONFIG, data.resolve("streams").toString());
        settings.put(CoreserveConfig.PARTITIONS, "1");
        CoreserveConfig config = CoreserveConfig.of(settings);
        TopicAdmin.ensureTopics(ClientSettings.admin(config), config.topics(), 1, (short) 1);
        security.provision(broker.bootstrapServers(), config.topics());
        Credentials alice = security.store().ensureUser("alice");
        try (Admin admin = security.admin(broker.bootstrapServers())) {
            ScramUsers.upsert(admin, List.of(alice));
        }
        security.keys().put("alice", alice.signingKey());
        List<Resource> nodes = DemoCatalogue.generate(2, "default", 7L, Instant.now());
        cores = nodes.stream().mapToDouble(r -> r.getProperties().get("cores")).sum();
        EventProducer.sendResources(config, nodes);
        app = CoreserveApp.start(config, ReservationPipeline.forConfig(config), Duration.ofMinutes(2));
    }

    @AfterAll
    static void stop() throws Exception {
        if (app != null) {
            app.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--bootstrap", broker.bootstrapServers(), "--registry", "mock://cli-e2e", "--credentials",
                security.store().dir().toString()));
        if (List.of("show", "queue", "probe", "accept").contains(args[0])) {
            all.addAll(List.of("--http", app.http().url()));
        }
        PrintStream original = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            CommandLine cli = CoreserveCommand.commandLine();
            cli.setErr(new PrintWriter(err, true));
            int exit = cli.execute(all.toArray(String[]::new));
            return new Run(exit, out.toString(StandardCharsets.UTF_8).trim(), err.toString().trim());
        } finally {
            System.setOut(original);
        }
    }

    private static String ok(String... args) {
        Run run = run(args);
        assertThat(run.exit()).as("coreserve %s: %s", List.of(args), run.err()).isZero();
        return run.out();
    }

    private static JsonNode awaitStatus(String id, String status) {
        JsonNode[] seen = new JsonNode[1];
        Run[] last = new Run[1];
        try {
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() -> {
                last[0] = run("show", id, "--user", "alice", "--json");
                seen[0] = last[0].exit() == 0 ? JSON.readTree(last[0].out()) : null;
                return seen[0] != null && seen[0].path("status").asText().equals(status);
            });
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            throw new AssertionError("no " + status + " for " + id + "; show said: " + last[0], e);
        }
        return seen[0];
    }

    private static String[] request(String id, String latest) {
        return new String[] {"--user", "alice", "--id", id, "--n", "2", "--duration", "2h", "--earliest", "now",
            "--latest", latest, "--total", "cores=" + cores};
    }

    private static String[] concat(String first, String... rest) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(List.of(rest));
        return all.toArray(String[]::new);
    }

    @Test
    void shouldQueueProbeAcceptAndCancelThroughTheCommands() throws Exception {
        ok(concat("submit", request("first", "+1m")));
        JsonNode first = awaitStatus("first", "ACCEPTED");
        assertThat(first.path("state").asText()).isIn("PD", "R");

        JsonNode probe = JSON.readTree(ok(concat("probe", concat("--json", request("probed", "+1d")))));
        assertThat(probe.path("status").asText()).isEqualTo("ACCEPTED");
        assertThat(probe.path("start").asLong()).as("after the first ends").isGreaterThanOrEqualTo(
                first.path("end").asLong());

        ok(concat("submit", request("second", "+10m")));
        JsonNode offer = awaitStatus("second", "COUNTER_OFFER");
        long offeredStart = new ReservationText(offer).expectedStart().orElseThrow().toEpochMilli();

        JsonNode queue = JSON.readTree(ok("queue", "--json"));
        assertThat(queue.findValuesAsText("requestId")).containsExactly("first", "second");
        assertThat(queue.get(1).path("state").asText()).isEqualTo("CO");
        assertThat(queue.get(1).path("expectedStart").asLong()).isEqualTo(offeredStart);
        String table = ok("queue", "--start");
        assertThat(table.lines().findFirst().orElseThrow()).startsWith("ID").contains("START_TIME");
        assertThat(table).contains("second").contains(" CO ")
                .contains(Instant.ofEpochMilli(offeredStart).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString());
        assertThat(ok("queue", "--user", "bob", "--json")).isEqualTo("[]");
        assertThat(run("show", "probed", "--user", "alice").err()).as("probe booked nothing")
                .contains("no decision for request probed");

        JsonNode accepted = JSON.readTree(ok("accept", "second", "--user", "alice", "--json"));
        assertThat(accepted.path("command").asText()).isEqualTo("accept");
        assertThat(accepted.path("start").asLong()).isEqualTo(offeredStart);
        assertThat(awaitStatus("second", "ACCEPTED").path("start").asLong()).isEqualTo(offeredStart);

        JsonNode cancelled = JSON.readTree(ok("cancel", "first", "--user", "alice", "--json"));
        assertThat(cancelled.path("command").asText()).isEqualTo("cancel");
        assertThat(cancelled.path("domain").asText()).isEqualTo("default");
        awaitStatus("first", "CANCELLED");
        assertThat(JSON.readTree(ok("queue", "--status", "cancelled", "--json")).findValuesAsText("requestId"))
                .containsExactly("first");
    }

    @Test
    void shouldSayInOneLineWhatIsWrong() {
        Run missing = run("show", "no-such-request", "--user", "alice");
        assertThat(missing.exit()).isEqualTo(1);
        assertThat(missing.err()).isEqualTo("coreserve show: error: no decision for request no-such-request of alice");

        Run badStatus = run("queue", "--status", "RUNNING");
        assertThat(badStatus.err()).startsWith("coreserve queue: error: unknown status 'RUNNING'").doesNotContain("\n");
    }

    @Test
    @Order(Integer.MAX_VALUE)        // last: its requests book the two nodes that the other tests' requests need whole
    void shouldBenchTheRunningPipelineAsItsOperator() throws Exception {
        // Against a secured pipeline (as dev's): the operator reads the catalogue and sends for made-up users.
        Path latencies = data.resolve("latencies.csv");
        Run bench = run("bench", "pipeline", "--n", "1", "--rate", "5", "--warmup", "1", "--duration", "2",
                "--max-warmup", "1", "--max-duration", "2", "--window", "5", "--latencies", latencies.toString());

        assertThat(bench.exit()).as("bench pipeline: %s", bench.err()).isZero();
        // the catalogue's size (2) is what it read as the operator (refused before)
        assertThat(bench.out()).contains("| 2 | 1 | (as running) | 5 |");
        // one line per decided request, the measured ones among them, each sent after the run began
        List<String> lines = java.nio.file.Files.readAllLines(latencies);
        assertThat(lines.get(0)).isEqualTo("run,phase,sent_ms,latency_ms");
        assertThat(lines).anyMatch(l -> l.contains(",RATE,"));
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            assertThat(f).as(line).hasSize(4);
            assertThat(Double.parseDouble(f[2])).as(line).isNotNegative();
            assertThat(Double.parseDouble(f[3])).as(line).isPositive();
        }
    }
}
