package io.coreserve.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.app.EventProducer;
import io.coreserve.bench.DecisionsChecker;
import io.coreserve.catalogue.DemoCatalogue;
import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.Resource;
import io.coreserve.topology.EventSerdes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The app in a child JVM is killed with SIGKILL in the middle of a stream of 1,000 requests, once about 300
 * decisions are visible, and started again with the same application id: after the restart every request still
 * has exactly one decision (read_committed), ids decided before the crash and sent again get the same decision, and
 * nothing is over-committed. Once on the same state directory, once on a fresh one (the books then come back from
 * the changelog topics alone).
 */
@Tag("integration")
class CrashRecoveryTest {

    private static final int REQUESTS = 1_000;
    private static final int KILL_AFTER = 300;
    private static final int RESENT = 30;
    private static final Duration START_TIMEOUT = Duration.ofMinutes(2);

    @TempDir
    static Path temp;

    private static PipelineStack stack;

    @BeforeAll
    static void start() throws Exception {
        stack = PipelineStack.start(temp);
    }

    @AfterAll
    static void stop() throws Exception {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    void shouldDecideEveryRequestOnceAfterAKillAndARestartOnTheSameStateDir() throws Exception {
        killAndRestart("crash-same", false);
    }

    @Test
    void shouldDecideEveryRequestOnceAfterAKillAndARestartOnAFreshStateDir() throws Exception {
        killAndRestart("crash-fresh", true);
    }

    private void killAndRestart(String name, boolean freshStateDir) throws Exception {
        // Given a catalogue and the app running in a child JVM
        Path dir = temp.resolve(name);
        CoreserveConfig config = stack.config(name, dir.resolve("state-1"), 2, Map.of());
        Instant now = Instant.now();
        List<Resource> catalogue = DemoCatalogue.generate(200, Workload.DOMAIN, 7L, now);
        EventProducer.sendResources(config, catalogue);
        List<CoAllocationRequest> requests = Workload.requests(name, REQUESTS, 77L, now);
        Path log = dir.resolve("app.log");
        long started = System.nanoTime();
        AppProcess first = AppProcess.start(configFile(name, dir, dir.resolve("state-1")), log, START_TIMEOUT);

        try (DecisionsCollector collector = new DecisionsCollector(config);
                KafkaProducer<String, ReservationCommand> producer = producer(config)) {
            // When requests stream in at about 50/s and the app is killed once 300 decisions are visible
            AtomicInteger sent = new AtomicInteger();
            java.util.concurrent.atomic.AtomicBoolean killed = new java.util.concurrent.atomic.AtomicBoolean();
            ScheduledExecutorService pace = Executors.newSingleThreadScheduledExecutor();
            pace.scheduleAtFixedRate(() -> {
                try {
                    // Hold the rest back until the kill, however slowly a loaded machine decides: the kill must
                    // come in the middle of the stream, with requests still to be sent.
                    int limit = killed.get() ? REQUESTS : KILL_AFTER + 100;
                    for (int k = 0; k < 5 && sent.get() < limit; k++) {
                        producer.send(new ProducerRecord<>(config.topics().requests(), Workload.DOMAIN,
                                Workload.command(requests.get(sent.getAndIncrement()))));
                    }
                    producer.flush();
                } catch (RuntimeException | Error e) {
                    e.printStackTrace(); // a scheduled task that throws is cancelled silently
                    throw e;
                }
            }, 0, 100, TimeUnit.MILLISECONDS);
            try {
                collector.awaitAtLeast(KILL_AFTER, Duration.ofMinutes(2));
                first.kill();
                killed.set(true);
                int sentAtKill = sent.get();
                int decidedAtKill = collector.poll(Duration.ZERO);
                System.out.printf("%s: killed pid %d after %d decisions visible, %d requests sent%n", name, first.pid(),
                        decidedAtKill, sentAtKill);
                assertThat(sentAtKill).as("killed in the middle of the stream").isLessThan(REQUESTS);

                // ... and started again with the same application id
                Path stateDir = dir.resolve(freshStateDir ? "state-2" : "state-1");
                try (AppProcess second = AppProcess.start(configFile(name, dir, stateDir), log, START_TIMEOUT)) {
                    collector.awaitAtLeast(REQUESTS, Duration.ofMinutes(3));
                    // ids decided before the crash, sent again after it
                    List<CoAllocationRequest> again = requests.subList(0, RESENT);
                    again.forEach(r -> producer.send(new ProducerRecord<>(config.topics().requests(), Workload.DOMAIN,
                            Workload.command(r))));
                    producer.flush();
                    collector.awaitAtLeast(REQUESTS + RESENT, Duration.ofMinutes(1));
                    List<ReservationDecision> decisions = collector.drain(Duration.ofSeconds(3));
                    long millis = (System.nanoTime() - started) / 1_000_000;

                    // Then one decision per request, the same one again for a re-sent id, nothing over-committed
                    DecisionsChecker.Report report = DecisionsChecker.check(catalogue, decisions);
                    System.out.printf("%s: %d ms, %s%n", name, millis, report.summary());
                    Map<String, List<ReservationDecision>> byRequest = DecisionsCollector.byRequest(decisions);
                    Set<String> againIds = again.stream().map(CoAllocationRequest::getRequestId).collect(Collectors.toSet());
                    Map<String, Integer> extra = byRequest.entrySet().stream()
                            .filter(e -> e.getValue().size() != (againIds.contains(e.getKey()) ? 2 : 1))
                            .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().size()));
                    assertThat(extra).as("request ids with a number of decisions other than expected").isEmpty();
                    assertThat(decisions).hasSize(REQUESTS + RESENT);
                    assertThat(byRequest.keySet()).containsExactlyInAnyOrderElementsOf(
                            requests.stream().map(CoAllocationRequest::getRequestId).toList());
                    assertThat(report.ok()).as(report.summary()).isTrue();
                    assertThat(report.resends()).isEqualTo(RESENT);
                    assertThat(second.output()).doesNotContain("Pipeline stopped by an unexpected error");
                }
            } finally {
                pace.shutdownNow();
                first.close();
            }
        }
    }

    /** The app's config file: the stack, this test's topics and application id, a short session timeout. */
    private static Path configFile(String name, Path dir, Path stateDir) throws IOException {
        Map<String, String> settings = stack.settings(name, stateDir, 2, Map.of(
                // so that the killed member leaves the group after 6 s rather than 45 s
                "session.timeout.ms", "6000",
                "heartbeat.interval.ms", "1500",
                // a transaction open for up to a second, so that the kill leaves processed but uncommitted work
                "commit.interval.ms", "1000"));
        Properties props = new Properties();
        props.putAll(settings);
        Files.createDirectories(dir);
        Path file = dir.resolve("coreserve-" + stateDir.getFileName() + ".properties");
        try (var out = Files.newBufferedWriter(file)) {
            props.store(out, "crash test " + name);
        }
        return file;
    }

    private static KafkaProducer<String, ReservationCommand> producer(CoreserveConfig config) {
        Properties props = ClientSettings.producer(config);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        return new KafkaProducer<>(props, new StringSerializer(), new EventSerdes(config).commands().serializer());
    }
}
