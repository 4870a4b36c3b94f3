package io.coreserve.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.app.CoreserveApp;
import io.coreserve.app.EventProducer;
import io.coreserve.bench.DecisionsChecker;
import io.coreserve.catalogue.DemoCatalogue;
import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.Resource;
import io.coreserve.reservation.ReservationPipeline;
import io.coreserve.topology.EventSerdes;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.TreeMap;
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
 * 1,000 contending requests through a real broker and registry, with re-sent ids and cancellations mixed in: every
 * request gets exactly one decision (read_committed), a re-sent id gets the same decision again and books nothing,
 * and the independent {@link DecisionsChecker} finds no instant at which a resource is booked beyond its capacity.
 */
@Tag("integration")
class PipelineLoadTest {

    private static final int REQUESTS = 1_000;
    private static final int RESOURCES = 200;

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
    void shouldDecideEveryRequestOnceWithoutOverCommittingAnyResource() throws Exception {
        // Given a catalogue of 200 nodes and a running pipeline
        CoreserveConfig config = stack.config("load", temp.resolve("streams"), 2, Map.of());
        Instant now = Instant.now();
        List<Resource> catalogue = DemoCatalogue.generate(RESOURCES, Workload.DOMAIN, 7L, now);
        EventProducer.sendResources(config, catalogue);
        ReservationPipeline pipeline = ReservationPipeline.forConfig(config);
        try (CoreserveApp app = CoreserveApp.start(config, pipeline.handlers(), pipeline.stores(), Duration.ofMinutes(2));
                DecisionsCollector collector = new DecisionsCollector(config)) {

            // When 1,000 distinct requests arrive, with 60 earlier ids sent again (30 unchanged, 30 altered) and 40
            // cancellations of earlier ids, interleaved
            List<CoAllocationRequest> requests = Workload.requests("load", REQUESTS, 2026L, now);
            SplittableRandom random = new SplittableRandom(11L);
            List<ReservationCommand> commands = new ArrayList<>();
            List<String> resent = new ArrayList<>();
            int cancels = 0;
            for (int i = 0; i < REQUESTS; i++) {
                commands.add(Workload.command(requests.get(i)));
                if (i >= 100 && i % 15 == 0) {
                    CoAllocationRequest earlier = requests.get(random.nextInt(i));
                    CoAllocationRequest again = resent.size() % 2 == 0 ? earlier
                            : CoAllocationRequest.newBuilder(earlier).setResourceCount(1).setTotals(Map.of())
                                    .setDurationMillis(Workload.MINUTE).build();
                    commands.add(Workload.command(again));
                    resent.add(earlier.getRequestId());
                }
                if (i >= 100 && i % 25 == 0) {
                    commands.add(Workload.command(Workload.cancel(requests.get(random.nextInt(i)), now)));
                    cancels++;
                }
            }
            long started = System.nanoTime();
            send(config, commands);

            // Then one decision per command, and no more
            int expected = REQUESTS + resent.size() + cancels;
            collector.awaitAtLeast(expected, Duration.ofMinutes(3));
            List<ReservationDecision> decisions = collector.drain(Duration.ofSeconds(3));
            long millis = (System.nanoTime() - started) / 1_000_000;

            DecisionsChecker.Report report = DecisionsChecker.check(catalogue, decisions);
            // On an over-commitment, the whole story of the resource, in the checker's order, to see why.
            for (var over : report.overCommitments()) {
                String node = over.resource().toString().substring(over.resource().toString().indexOf('/') + 1);
                System.out.println("timeline of " + node + ":");
                DecisionsChecker.decisionOrder(decisions).stream()
                        .filter(d -> d.getAllocations().stream().anyMatch(a -> a.getResourceId().equals(node)))
                        .forEach(d -> System.out.printf("  %s %s %s [%s, %s) %s%n", d.getDecidedAt(), d.getRequestId(),
                                d.getStatus(), d.getStart(), d.getEnd(), d.getAllocations().stream()
                                        .filter(a -> a.getResourceId().equals(node)).findFirst().orElseThrow().getAmounts()));
            }
            System.out.printf("%d commands decided in %d ms: %s%n", commands.size(), millis, report.summary());
            System.out.println("reasons: " + decisions.stream().filter(d -> d.getReasonCode() != null)
                    .collect(Collectors.groupingBy(ReservationDecision::getReasonCode, TreeMap::new, Collectors.counting())));

            assertThat(decisions).hasSize(expected);
            // A refused cancellation is answered under the cancellation's own id, never as the request's decision.
            assertThat(decisions).filteredOn(d -> "CANCEL_REFUSED".equals(d.getReasonCode()))
                    .allSatisfy(d -> assertThat(d.getRequestId()).endsWith("#cancel"));
            var byRequest = DecisionsCollector.byRequest(decisions.stream()
                    .filter(d -> !d.getRequestId().endsWith("#cancel")).toList());
            assertThat(byRequest.keySet()).containsExactlyInAnyOrderElementsOf(
                    requests.stream().map(CoAllocationRequest::getRequestId).toList());
            assertThat(report.requests()).isEqualTo(REQUESTS);
            assertThat(report.ok()).as(report.summary()).isTrue();
            assertThat(report.resends()).isEqualTo(resent.size());
            for (String id : resent) {
                List<ReservationDecision> answers = byRequest.get(id).stream()
                        .filter(d -> !"CANCEL_REFUSED".equals(d.getReasonCode())).toList();
                // the first decision, the same again for every re-send (and a CANCELLED if it was cancelled)
                assertThat(answers.stream().filter(d -> d.getStatus() != ReservationStatus.CANCELLED).distinct())
                        .as("decisions of re-sent %s", id).hasSize(1);
            }
            // The load contends: some accepted, some turned away for lack of room in their window
            Map<ReservationStatus, Integer> first = new EnumMap<>(report.firstDecisions());
            assertThat(first.getOrDefault(ReservationStatus.ACCEPTED, 0)).isGreaterThan(100);
            assertThat(first.getOrDefault(ReservationStatus.COUNTER_OFFER, 0)
                    + first.getOrDefault(ReservationStatus.REJECTED, 0)).isGreaterThan(100);
            assertThat(report.releases()).isPositive();
            assertThat(app.runner().failure()).isNull();
        }
    }

    static void send(CoreserveConfig config, List<ReservationCommand> commands) {
        Properties props = ClientSettings.producer(config);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        try (KafkaProducer<String, ReservationCommand> producer = new KafkaProducer<>(props, new StringSerializer(),
                new EventSerdes(config).commands().serializer())) {
            for (ReservationCommand c : commands) {
                producer.send(new ProducerRecord<>(config.topics().requests(), Workload.DOMAIN, c));
            }
            producer.flush();
        }
    }
}
