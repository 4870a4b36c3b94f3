package io.coreserve.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.coreserve.app.CoreserveApp;
import io.coreserve.app.EventProducer;
import io.coreserve.catalogue.DemoCatalogue;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Settings;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.Resource;
import io.coreserve.reservation.ReservationPipeline;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.state.HostInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10 (queries from any instance): two instances of the application in one group on a real broker answer as
 * one service. Given eight domains spread over both instances' tasks, When a request is decided in a domain that the
 * second instance holds, Then the first instance answers every question about it (its decision, the timetable, a
 * probe) exactly as the second does, and the lists over every domain (the catalogue, a user's decisions) are whole
 * on both.
 */
@Tag("integration")
class QueryForwardingTest {

    private static final int PARTITIONS = 6;
    private static final List<String> DOMAINS = IntStream.range(0, 8).mapToObj(i -> "site-" + i).toList();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

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
    void shouldAnswerForEveryDomainFromEitherInstance() throws Exception {
        CoreserveConfig first = config("first");
        CoreserveConfig second = config("second");
        List<Resource> catalogue = new ArrayList<>();
        for (int d = 0; d < DOMAINS.size(); d++) {
            catalogue.addAll(DemoCatalogue.generate(6, DOMAINS.get(d), d, Instant.now()));
        }
        EventProducer.sendResources(first, catalogue);
        try (CoreserveApp a = CoreserveApp.start(first, ReservationPipeline.forConfig(first), Duration.ofMinutes(2));
                CoreserveApp b = CoreserveApp.start(second, ReservationPipeline.forConfig(second),
                        Duration.ofMinutes(2))) {
            // Given both instances running, each holding some of the domains.
            await().atMost(Duration.ofSeconds(90)).until(() -> bothRunning(a, b)
                    && owners(a.runner().streams()).size() == 2);
            String elsewhere = DOMAINS.stream().filter(d -> !owner(a.runner().streams(), d).equals(self(a)))
                    .findFirst().orElseThrow();
            String here = DOMAINS.stream().filter(d -> owner(a.runner().streams(), d).equals(self(a)))
                    .findFirst().orElseThrow();

            // When alice's requests are decided in a domain of the second instance and one of the first.
            submit(first, elsewhere, "far-1");
            submit(first, here, "near-1");
            String path = "/users/alice/reservations/far-1?domain=" + elsewhere;
            await().atMost(Duration.ofSeconds(60)).until(() -> get(a, path).status == 200
                    && get(b, "/users/alice/reservations/near-1?domain=" + here).status == 200);

            // Then the first instance gives the second's answers about the second's domain.
            Answer fromA = get(a, path);
            Answer fromB = get(b, path);
            assertThat(fromA.body).isEqualTo(fromB.body);
            assertThat(fromA.body.path("status").asText()).isEqualTo("ACCEPTED");
            String node = fromA.body.path("allocations").get(0).path("resourceId").asText();
            long start = fromA.body.path("start").asLong();
            String timetable = "/timetable?domain=" + elsewhere + "&resource=" + node + "&from=" + start
                    + "&to=" + (start + 3_600_000L);
            assertThat(get(a, timetable).status).isEqualTo(200);
            assertThat(get(a, timetable).body).isEqualTo(get(b, timetable).body);
            assertThat(get(a, timetable).body.toString()).contains("far-1");
            Answer probe = post(a, "/probe", "{\"user\": \"alice\", \"domain\": \"" + elsewhere
                    + "\", \"n\": 2, \"duration\": \"1h\"}");
            assertThat(probe.status).isEqualTo(200);
            assertThat(probe.body.path("domain").asText()).isEqualTo(elsewhere);
            assertThat(probe.body.path("allocations")).hasSize(2);

            // And the lists over every domain are whole on both instances.
            for (CoreserveApp app : List.of(a, b)) {
                Answer resources = get(app, "/resources");
                Set<String> domains = new HashSet<>();
                resources.body.forEach(r -> domains.add(r.path("domain").asText()));
                assertThat(resources.body).hasSize(catalogue.size());
                assertThat(domains).containsExactlyInAnyOrderElementsOf(DOMAINS);
                List<String> mine = new ArrayList<>();
                get(app, "/users/alice/reservations").body.forEach(d -> mine.add(d.path("requestId").asText()));
                assertThat(mine).containsExactlyInAnyOrder("far-1", "near-1");
            }
            // A domain's catalogue asked of the instance that does not hold it.
            assertThat(get(a, "/resources?domain=" + elsewhere).body).hasSize(6);
        }
    }

    private CoreserveConfig config(String instance) throws Exception {
        return stack.config("forwarding", temp.resolve(instance), PARTITIONS, Map.of(
                "application.id", "coreserve-forwarding", Settings.OFFERS_ENABLED, "false"));
    }

    private static boolean bothRunning(CoreserveApp a, CoreserveApp b) {
        return a.runner().streams().state() == KafkaStreams.State.RUNNING
                && b.runner().streams().state() == KafkaStreams.State.RUNNING;
    }

    private static Set<HostInfo> owners(KafkaStreams streams) {
        Set<HostInfo> hosts = new HashSet<>();
        DOMAINS.forEach(d -> hosts.add(owner(streams, d)));
        return hosts;
    }

    private static HostInfo owner(KafkaStreams streams, String domain) {
        return streams.queryMetadataForKey(ReservationPipeline.CATALOGUE_STORE, domain, Serdes.String().serializer())
                .activeHost();
    }

    private static HostInfo self(CoreserveApp app) {
        URI uri = URI.create(app.http().url());
        return new HostInfo(uri.getHost(), uri.getPort());
    }

    private static void submit(CoreserveConfig config, String domain, String id) throws Exception {
        CoAllocationRequest request = CoAllocationRequest.newBuilder().setRequestId(id).setUser("alice")
                .setDomain(domain).setDurationMillis(3_600_000L).setResourceCount(2).setSubmittedAt(Instant.now())
                .build();
        EventProducer.sendCommand(config, domain, ReservationCommand.newBuilder().setCommand(request).build());
    }

    private record Answer(int status, JsonNode body) {
    }

    private static Answer get(CoreserveApp app, String path) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(app.http().url() + path)).GET());
    }

    private static Answer post(CoreserveApp app, String path, String json) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(app.http().url() + path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    private static Answer send(HttpRequest.Builder request) throws Exception {
        HttpResponse<String> response = CLIENT.send(request.timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        return new Answer(response.statusCode(), JSON.readTree(response.body()));
    }
}
