package io.coreserve.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.app.EventProducer;
import io.coreserve.bench.DecisionsChecker;
import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Settings;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.Resource;
import io.coreserve.events.VirtualGridBinding;
import io.coreserve.events.VirtualGridRequest;
import io.coreserve.topology.EventSerdes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same application on 3 instances (child JVMs) over 12 partitions and 8 domains, on the real broker: a stream
 * of multi-domain virtual grid requests, one instance killed with SIGKILL once a third are decided. Then exactly
 * one decision per request (read_committed), no over-commitment (the independent checker) and no booking leaked.
 */
@Tag("integration")
class VirtualGridMultiInstanceTest {

    private static final int REQUESTS = 45;
    private static final int KILL_AFTER = 15;

    @TempDir
    Path temp;

    @Test
    void shouldDecideEveryRequestOnceWhenAnInstanceIsKilledMidStream() throws Exception {
        try (PipelineStack stack = PipelineStack.start(temp)) {
            Map<String, String> extra = new HashMap<>();
            for (String topic : List.of("vgrid-requests", "bind-commands", "bind-replies", "vgrid-catalogue")) {
                extra.put("coreserve.topic." + topic, "vgm." + topic);
            }
            extra.put(Settings.OFFERS_ENABLED, "false");
            extra.put(Settings.VGRID_BIND_FAILURE_PROBABILITY, "0.2");
            extra.put(Settings.VGRID_BIND_TIMEOUT, "PT10S");
            // so that the killed member leaves the group after 6 s rather than 45 s
            extra.put("session.timeout.ms", "6000");
            extra.put("heartbeat.interval.ms", "1500");
            extra.put("commit.interval.ms", "200");
            CoreserveConfig config = stack.config("vgm", temp.resolve("state-0"), 12, extra);
            Instant now = Instant.now();
            List<Resource> catalogue = VirtualGridIntegrationTest.catalogue(now);
            EventProducer.sendResources(config, catalogue);

            List<AppProcess> apps = new ArrayList<>();
            try (DecisionsCollector collector = new DecisionsCollector(config);
                    KafkaProducer<String, VirtualGridRequest> producer = new KafkaProducer<>(
                            ClientSettings.producer(config), new StringSerializer(),
                            new EventSerdes(config).vgridRequests().serializer())) {
                for (int i = 1; i <= 3; i++) {
                    Path dir = temp.resolve("app-" + i);
                    apps.add(AppProcess.start(configFile(stack, dir, extra), dir.resolve("app.log"),
                            Duration.ofMinutes(3)));
                }
                long started = System.nanoTime();
                List<String> ids = new ArrayList<>();
                for (int i = 0; i < REQUESTS; i++) {
                    // Each request its own hour: they do not compete, so refusals are the injected ones.
                    VirtualGridRequest r = VirtualGridRequest.newBuilder().setRequestId("vgm-" + i).setUser("alice")
                            .setVgdl("g = LooseBagOf (c) [4] { c = ClusterOf (h) [2] { h = [ Cores >= 4 ] } }")
                            .setDurationMillis(3_600_000).setEarliestStart(now.plus(Duration.ofHours(1 + i)))
                            .setSelections(4).setBinding(i % 2 == 0 ? VirtualGridBinding.INTEGRATED
                                    : VirtualGridBinding.SEPARATE)
                            .setSubmittedAt(now).build();
                    ids.add(r.getRequestId());
                    producer.send(new ProducerRecord<>(config.topics().vgridRequests(), r.getRequestId(), r));
                    producer.flush();
                    if (i == KILL_AFTER + 5) {
                        awaitDecided(collector, ids.subList(0, KILL_AFTER), Duration.ofMinutes(3));
                        apps.get(1).kill();
                        System.out.printf("vgrid multi-instance: killed pid %d after %d requests sent%n",
                                apps.get(1).pid(), i + 1);
                    }
                }
                awaitDecided(collector, ids, Duration.ofMinutes(4));
                List<ReservationDecision> all = collector.drain(Duration.ofSeconds(5));
                long millis = (System.nanoTime() - started) / 1_000_000;

                Set<String> idSet = Set.copyOf(ids);
                Map<String, Long> perRequest = all.stream().filter(d -> idSet.contains(d.getRequestId()))
                        .collect(Collectors.groupingBy(ReservationDecision::getRequestId, Collectors.counting()));
                DecisionsChecker.Report report = DecisionsChecker.check(catalogue, all);
                List<String> leaked = VirtualGridIntegrationTest.leaked(
                        all.stream().filter(d -> !d.getRequestId().startsWith("vg:")).toList(),
                        DecisionsCollector.byRequest(all));
                long accepted = all.stream().filter(d -> idSet.contains(d.getRequestId()))
                        .filter(d -> d.getStatus() == ReservationStatus.ACCEPTED).count();
                System.out.printf("vgrid multi-instance: %d requests, %d ms, %d accepted; %s; leaked %d%n", REQUESTS,
                        millis, accepted, report.summary(), leaked.size());

                assertThat(perRequest).as("decisions per request").hasSize(REQUESTS).allSatisfy((id, n) ->
                        assertThat(n).as(id).isEqualTo(1L));
                assertThat(report.ok()).as(report.summary()).isTrue();
                assertThat(leaked).as("bookings held for no accepted request").isEmpty();
            } finally {
                for (AppProcess app : apps) {
                    app.close();
                }
            }
        }
    }

    private static void awaitDecided(DecisionsCollector collector, List<String> ids, Duration timeout) {
        org.awaitility.Awaitility.await().atMost(timeout).pollInterval(Duration.ofMillis(100)).until(() -> {
            collector.poll(Duration.ofMillis(200));
            Set<String> decided = collector.drain(Duration.ZERO).stream().map(ReservationDecision::getRequestId)
                    .collect(Collectors.toSet());
            return decided.containsAll(ids);
        });
    }

    private static Path configFile(PipelineStack stack, Path dir, Map<String, String> extra) throws IOException {
        Properties props = new Properties();
        props.putAll(stack.settings("vgm", dir.resolve("state"), 12, extra));
        Files.createDirectories(dir);
        Path file = dir.resolve("coreserve.properties");
        try (var out = Files.newBufferedWriter(file)) {
            props.store(out, "virtual grid multi-instance test");
        }
        return file;
    }
}
