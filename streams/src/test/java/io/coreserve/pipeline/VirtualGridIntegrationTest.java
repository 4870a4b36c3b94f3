package io.coreserve.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.app.CoreserveApp;
import io.coreserve.bench.DecisionsChecker;
import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Settings;
import io.coreserve.events.NetworkLocation;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.Resource;
import io.coreserve.events.VirtualGridBinding;
import io.coreserve.events.VirtualGridRequest;
import io.coreserve.app.EventProducer;
import io.coreserve.reservation.ReservationPipeline;
import io.coreserve.topology.EventSerdes;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Virtual grids through a real broker and registry with exactly-once: 24 requests of four Cluster components each
 * over 8 domains (4 partitions, so the coordinator's and the domains' tasks differ), half of them competing for the
 * same hosts over the same hour, with a third of the binds refused by injection. Then: one decision per request,
 * nothing over-committed (the independent checker over every booking), and no booking leaked: every domain booking
 * {@code vg:...} still held belongs to an ACCEPTED request that lists it.
 */
@Tag("integration")
public class VirtualGridIntegrationTest {

    private static final List<String> DOMAINS = List.of("d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7");
    private static final int REQUESTS = 24;

    @TempDir
    Path temp;

    @Test
    void shouldDecideEveryMultiDomainRequestOnceWithoutOverCommitmentOrLeakedBookings() throws Exception {
        try (PipelineStack stack = PipelineStack.start(temp)) {
            Map<String, String> extra = new HashMap<>();
            for (String topic : List.of("vgrid-requests", "bind-commands", "bind-replies", "vgrid-catalogue",
                    "offer-requests", "agent-commands", "agent-replies")) {
                extra.put("coreserve.topic." + topic, "vg." + topic);
            }
            extra.put(Settings.OFFERS_ENABLED, "false");
            extra.put(Settings.VGRID_BIND_FAILURE_PROBABILITY, "0.3");
            extra.put("commit.interval.ms", "50");
            CoreserveConfig config = stack.config("vg", temp.resolve("state"), 4, extra);
            Instant now = Instant.now();
            List<Resource> catalogue = catalogue(now);
            EventProducer.sendResources(config, catalogue);

            long started = System.nanoTime();
            try (CoreserveApp app = CoreserveApp.start(config, ReservationPipeline.forConfig(config),
                    Duration.ofMinutes(2));
                    DecisionsCollector collector = new DecisionsCollector(config);
                    KafkaProducer<String, VirtualGridRequest> producer = new KafkaProducer<>(
                            ClientSettings.producer(config), new StringSerializer(),
                            new EventSerdes(config).vgridRequests().serializer())) {
                // The catalogue reaches the coordinator through the domains' mirror; until it has, a request is
                // rejected with NO_MATCHING_RESOURCES ("the catalogue holds no resources"), which is a decision too:
                // warm up until a request is decided otherwise (CI once sent the test's requests before that).
                int[] warmUps = {0};
                org.awaitility.Awaitility.await().atMost(Duration.ofMinutes(1)).until(() -> {
                    String id = "warm-up-" + warmUps[0]++;
                    send(producer, config, request(id, now, 0, VirtualGridBinding.INTEGRATED));
                    producer.flush();
                    ReservationDecision warm = org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30))
                            .until(() -> decisionOf(collector, id), java.util.Objects::nonNull);
                    return !"NO_MATCHING_RESOURCES".equals(warm.getReasonCode());
                });
                for (int i = 0; i < REQUESTS; i++) {
                    // Even requests share one hour (they compete for hosts), odd ones each have their own.
                    int hour = i % 2 == 0 ? 1 : 2 + i;
                    send(producer, config, request("grid-" + i, now, hour,
                            i % 4 < 2 ? VirtualGridBinding.INTEGRATED : VirtualGridBinding.SEPARATE));
                }
                producer.flush();
                Set<String> ids = new HashSet<>();
                for (int i = 0; i < REQUESTS; i++) {
                    ids.add("grid-" + i);
                }
                org.awaitility.Awaitility.await().atMost(Duration.ofMinutes(2)).until(() -> {
                    collector.poll(Duration.ofMillis(200));
                    return collector.drain(Duration.ZERO).stream().map(ReservationDecision::getRequestId)
                            .filter(ids::contains).distinct().count() == REQUESTS;
                });
                List<ReservationDecision> all = collector.drain(Duration.ofSeconds(3));
                long millis = (System.nanoTime() - started) / 1_000_000;

                Map<String, List<ReservationDecision>> byRequest = DecisionsCollector.byRequest(all);
                List<ReservationDecision> grids = all.stream().filter(d -> ids.contains(d.getRequestId())).toList();
                assertThat(grids).as("one decision per request").hasSize(REQUESTS);
                DecisionsChecker.Report report = DecisionsChecker.check(catalogue, all);
                assertThat(report.ok()).as(report.summary()).isTrue();
                assertThat(leaked(all.stream().filter(d -> !d.getRequestId().startsWith("vg:")).toList(), byRequest)).as("bookings held for no accepted request").isEmpty();
                long accepted = grids.stream().filter(d -> d.getStatus() == ReservationStatus.ACCEPTED).count();
                System.out.printf("vgrid integration: %d requests decided in %d ms: %d accepted, %d rejected %s; %s%n",
                        REQUESTS, millis, accepted, REQUESTS - accepted,
                        grids.stream().filter(d -> d.getStatus() != ReservationStatus.ACCEPTED)
                                .map(ReservationDecision::getReasonCode).toList(), report.summary());
                grids.forEach(d -> System.out.printf("  %s %s %s%n", d.getRequestId(), d.getStatus(), d.getMessage()));
                assertThat(accepted).as("some bind, some fail").isBetween(1L, (long) REQUESTS - 1);
                assertThat(grids).allMatch(d -> d.getStatus() == ReservationStatus.ACCEPTED
                        || "BINDING_FAILED".equals(d.getReasonCode()));
            }
        }
    }

    /** The first decision of request {@code id} read so far (polling once), or null. */
    private static ReservationDecision decisionOf(DecisionsCollector collector, String id) {
        collector.poll(Duration.ofMillis(200));
        return collector.drain(Duration.ZERO).stream().filter(d -> d.getRequestId().equals(id)).findFirst()
                .orElse(null);
    }

    /** Booking ids whose last decision holds, but which no ACCEPTED request lists (component and selection). */
    static List<String> leaked(List<ReservationDecision> grids, Map<String, List<ReservationDecision>> byRequest) {
        Set<String> listed = new HashSet<>(bookingIds(grids));
        Map<String, ReservationDecision> last = new HashMap<>();
        byRequest.forEach((id, decisions) -> decisions.forEach(d -> last.put(d.getDomain() + "/" + id, d)));
        List<String> leaked = new ArrayList<>();
        last.forEach((key, d) -> {
            if (d.getRequestId().startsWith("vg:") && d.getStatus() == ReservationStatus.ACCEPTED
                    && !listed.contains(d.getRequestId())) {
                leaked.add(key);
            }
        });
        return leaked;
    }

    /**
     * The domains' booking ids that the ACCEPTED requests among {@code grids} hold: per component, its selection, and
     * after the first binding try the try (counted in the decision's statistics) too.
     */
    public static List<String> bookingIds(List<ReservationDecision> grids) {
        List<String> ids = new ArrayList<>();
        for (ReservationDecision d : grids) {
            if (d.getStatus() == ReservationStatus.ACCEPTED) {
                long lastTry = d.getStatistics().getCounts().getOrDefault("tries", 1L) - 1;
                d.getComponents().forEach(c -> ids.add("vg:" + d.getRequestId() + ":" + c.getComponent() + ":"
                        + c.getSelection() + (lastTry == 0 ? "" : ":" + lastTry)));
            }
        }
        return ids;
    }

    /** 8 domains, each with two clusters of two hosts on its own site. */
    static List<Resource> catalogue(Instant now) {
        List<Resource> resources = new ArrayList<>();
        for (int d = 0; d < DOMAINS.size(); d++) {
            for (int c = 0; c < 2; c++) {
                for (int h = 0; h < 2; h++) {
                    String id = DOMAINS.get(d) + "-c" + c + "-h" + h;
                    resources.add(Resource.newBuilder().setId(id).setDomain(DOMAINS.get(d)).setCluster("c" + c)
                            .setProperties(Map.of("cores", 8.0, "cpu_ghz", 2.0 + 0.1 * d + 0.05 * c,
                                    "memory_gb", 32.0))
                            .setLabels(Map.of("arch", "x86_64"))
                            .setLocation(NetworkLocation.newBuilder().setSite("site-" + DOMAINS.get(d)).build())
                            .setUpdatedAt(now).build());
                }
            }
        }
        return resources;
    }

    private static VirtualGridRequest request(String id, Instant now, int hour, VirtualGridBinding binding) {
        return VirtualGridRequest.newBuilder().setRequestId(id).setUser("alice")
                .setVgdl("g = LooseBagOf (c) [4] { c = ClusterOf (h) [2] { h = [ Cores >= 4 ] [Rank = Clock] } }")
                .setDurationMillis(3_600_000).setEarliestStart(now.plus(Duration.ofHours(hour))).setSelections(4)
                .setBinding(binding).setSubmittedAt(now).build();
    }

    private static void send(KafkaProducer<String, VirtualGridRequest> producer, CoreserveConfig config,
            VirtualGridRequest request) {
        producer.send(new ProducerRecord<>(config.topics().vgridRequests(), request.getRequestId(), request));
    }
}
