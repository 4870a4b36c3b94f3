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
import io.coreserve.http.QueryForwarding;
import io.coreserve.reservation.ReservationPipeline;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.state.HostInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10 (queries from any instance): two instances of the application in one group on a real broker answer as
 * one service. Given eight domains spread over both instances' tasks, When a request is decided in a domain that the
 * second instance holds, Then the first instance answers every question about it (its decision, the timetable, a
 * probe) exactly as the second does, and the lists over every domain (the catalogue, a user's decisions, the
 * reservation list) are whole on both; the console's timeline, feed, and cancel work for every domain from either.
 * Each test asks an instance for its own part too ({@link QueryForwarding#LOCAL_ONLY}), to show the domains really
 * are split and the whole answer is the forwarding's. The two instances run once for all tests; the last one stops
 * the second's HTTP server.
 */
@Tag("integration")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class QueryForwardingTest {

    private static final int PARTITIONS = 6;
    private static final List<String> DOMAINS = IntStream.range(0, 8).mapToObj(i -> "site-" + i).toList();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @TempDir
    static Path temp;

    private static PipelineStack stack;
    private static CoreserveConfig first;
    private static List<Resource> catalogue;
    private static CoreserveApp a;
    private static CoreserveApp b;
    /** A domain the second instance holds, and one the first holds. */
    private static String elsewhere;
    private static String here;

    @BeforeAll
    static void start() throws Exception {
        stack = PipelineStack.start(temp);
        first = config("first");
        CoreserveConfig second = config("second");
        catalogue = new ArrayList<>();
        for (int d = 0; d < DOMAINS.size(); d++) {
            catalogue.addAll(DemoCatalogue.generate(6, DOMAINS.get(d), d, Instant.now()));
        }
        EventProducer.sendResources(first, catalogue);
        a = CoreserveApp.start(first, ReservationPipeline.forConfig(first), Duration.ofMinutes(2));
        b = CoreserveApp.start(second, ReservationPipeline.forConfig(second), Duration.ofMinutes(2));
        // Both instances running, each holding some of the domains.
        await().atMost(Duration.ofSeconds(90)).until(() -> bothRunning(a, b)
                && owners(a.runner().streams()).size() == 2);
        elsewhere = DOMAINS.stream().filter(d -> !owner(a.runner().streams(), d).equals(self(a)))
                .findFirst().orElseThrow();
        here = DOMAINS.stream().filter(d -> owner(a.runner().streams(), d).equals(self(a)))
                .findFirst().orElseThrow();
    }

    @AfterAll
    static void stop() throws Exception {
        for (AutoCloseable closing : new AutoCloseable[] {a, b, stack}) {
            if (closing != null) {
                closing.close();
            }
        }
    }

    @Test
    @Order(1)
    void shouldAnswerForEveryDomainFromEitherInstance() throws Exception {
        // When alice's requests are decided in a domain of the second instance and one of the first.
        submit(elsewhere, "alice", "far-1");
        submit(here, "alice", "near-1");
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
            // The console's domain list: every domain once, with its own resource count, from either instance.
            Map<String, Integer> listed = new java.util.TreeMap<>();
            get(app, "/domains").body.forEach(d -> listed.put(d.path("domain").asText(), d.path("resources").asInt()));
            Map<String, Integer> expected = new java.util.TreeMap<>();
            resources.body.forEach(r -> expected.merge(r.path("domain").asText(), 1, Integer::sum));
            assertThat(listed).isEqualTo(expected);
            assertThat(get(app, "/domains").body).hasSize(DOMAINS.size());
            List<String> mine = new ArrayList<>();
            get(app, "/users/alice/reservations").body.forEach(d -> mine.add(d.path("requestId").asText()));
            assertThat(mine).containsExactlyInAnyOrder("far-1", "near-1");
        }
        // A domain's catalogue asked of the instance that does not hold it.
        assertThat(get(a, "/resources?domain=" + elsewhere).body).hasSize(6);
    }

    @Test
    @Order(2)
    void theReservationListIsWholeOnEitherInstanceWithEachDecisionOnce() throws Exception {
        // Given one request of bob's in every domain, each decided by the instance that holds its domain.
        List<String> sent = DOMAINS.stream().map(d -> "list-" + d).toList();
        for (String domain : DOMAINS) {
            submit(domain, "bob", "list-" + domain);
        }
        // (503 while a stream thread is still starting or rebalancing: not yet, as for a user who retries.)
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            Answer list = get(b, "/reservations?user=bob");
            return list.status == 200 && requestIds(list).size() == DOMAINS.size();
        });

        // When either instance is asked for the list, by user and by user and status,
        // Then each gives all of bob's decisions, each once.
        for (String list : List.of("/reservations?user=bob", "/reservations?user=bob&status=ACCEPTED,COUNTER_OFFER")) {
            for (CoreserveApp app : List.of(a, b)) {
                assertThat(requestIds(get(app, list))).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(sent);
            }
        }
        assertThat(requestIds(get(a, "/reservations?user=bob&status=CANCELLED"))).isEmpty();
        assertThat(requestIds(get(a, "/reservations?user=bob&domain=" + elsewhere)))
                .containsExactly("list-" + elsewhere);
        // The first instance alone holds only its own domains' part.
        assertThat(requestIds(getLocal(a, "/reservations?user=bob"))).contains("list-" + here)
                .doesNotContain("list-" + elsewhere);
    }

    @Test
    @Order(3)
    void theConsoleShowsEveryDomainsTimelineAndFeedFromEitherInstance() throws Exception {
        // Given the console's live feed open on the first instance,
        try (FeedLines feed = FeedLines.open(a)) {
            // When carol's request is decided in a domain of the second instance,
            submit(elsewhere, "carol", "gantt-1");
            // Then the first instance's feed shows the decision.
            await().atMost(Duration.ofSeconds(60)).until(() -> feed.lines.stream()
                    .anyMatch(line -> line.contains("decision ACCEPTED carol/gantt-1")));
        }

        // And both instances draw that domain's timeline whole, naming carol on her bars.
        long start = get(b, "/users/carol/reservations/gantt-1?domain=" + elsewhere).body.path("start").asLong();
        String timeline = "/timeline?domain=" + elsewhere + "&from=" + (start - 3_600_000L) + "&to="
                + (start + 7_200_000L);
        JsonNode fromB = get(b, timeline).body;
        for (CoreserveApp app : List.of(a, b)) {
            Answer answer = get(app, timeline);
            assertThat(answer.status).isEqualTo(200);
            assertThat(answer.body.path("domain").asText()).isEqualTo(elsewhere);
            assertThat(answer.body.path("resources")).hasSize(6).isEqualTo(fromB.path("resources"));
            assertThat(bookingOwners(answer.body)).contains("carol/gantt-1");
        }
        // The first instance alone has nothing of that domain to draw.
        assertThat(getLocal(a, timeline).body.path("resources")).isEmpty();
    }

    @Test
    @Order(4)
    void theConsoleCancelsInADomainTheOtherInstanceHolds() throws Exception {
        // Given dave's reservation in a domain of the second instance,
        submit(elsewhere, "dave", "cancel-1");
        String decision = "/users/dave/reservations/cancel-1?domain=" + elsewhere;
        await().atMost(Duration.ofSeconds(60)).until(() -> get(b, decision).status == 200);

        // When dave cancels it on the first instance's console,
        Answer login = send(request(a, "/console/login").POST(BodyPublishers.ofString("{\"user\": \"dave\"}")));
        assertThat(login.status).isEqualTo(200);
        Answer cancel = send(request(a, "/console/cancel").header("Cookie", login.cookie)
                .POST(BodyPublishers.ofString("{\"id\": \"cancel-1\", \"domain\": \"" + elsewhere + "\"}")));

        // Then the first instance finds it where it is, and the second instance's books cancel it.
        assertThat(cancel.status).as(cancel.body.toString()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(60)).until(() -> get(b, decision).body.path("status").asText()
                .equals("CANCELLED"));
    }

    /** Last: it stops the second instance's HTTP server. */
    @Test
    @Order(5)
    void aGatheredListFailsWith503WhenAnInstanceDoesNotAnswer() throws Exception {
        // Given the second instance's HTTP server stopped (its stream tasks still hold their domains),
        b.http().close();
        // When the first is asked for the whole list, Then it refuses rather than give its own half,
        Answer list = get(a, "/reservations?user=bob");
        assertThat(list.status).isEqualTo(503);
        assertThat(list.body.path("error").asText()).contains("did not answer");
        // while a list of one of its own domains still answers.
        assertThat(requestIds(get(a, "/reservations?user=bob&domain=" + here))).containsExactly("list-" + here);
    }

    private static List<String> requestIds(Answer list) {
        assertThat(list.status).as(list.body.toString()).isEqualTo(200);
        List<String> ids = new ArrayList<>();
        list.body.forEach(d -> ids.add(d.path("requestId").asText()));
        return ids;
    }

    /** "user/request" of every reservation bar of a console timeline. */
    private static List<String> bookingOwners(JsonNode timeline) {
        List<String> owners = new ArrayList<>();
        timeline.path("resources").forEach(r -> r.path("bookings").forEach(booking -> {
            if (!booking.path("user").isNull()) {
                owners.add(booking.path("user").asText() + "/" + booking.path("requestId").asText());
            }
        }));
        return owners;
    }

    /** The console's live feed of an instance, its lines collected as they come until closed. */
    private static final class FeedLines implements AutoCloseable {
        private final List<String> lines = new CopyOnWriteArrayList<>();
        private final Stream<String> stream;

        private FeedLines(Stream<String> stream) {
            this.stream = stream;
        }

        static FeedLines open(CoreserveApp app) throws Exception {
            // Answered once the feed has sent its headers, just before it attaches the page (Javalin's SseHandler):
            // milliseconds, where a request takes far longer to be decided.
            FeedLines feed = new FeedLines(CLIENT.send(request(app, "/console/events")
                    .header("Accept", "text/event-stream").GET().build(), HttpResponse.BodyHandlers.ofLines()).body());
            Thread reader = new Thread(() -> {
                try {
                    feed.stream.forEach(feed.lines::add);
                } catch (UncheckedIOException e) {
                    // closed
                }
            }, "console-feed-reader");
            reader.setDaemon(true);
            reader.start();
            return feed;
        }

        @Override
        public void close() {
            stream.close();
        }
    }

    private static CoreserveConfig config(String instance) throws Exception {
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

    private static void submit(String domain, String user, String id) throws Exception {
        CoAllocationRequest request = CoAllocationRequest.newBuilder().setRequestId(id).setUser(user)
                .setDomain(domain).setDurationMillis(3_600_000L).setResourceCount(2).setSubmittedAt(Instant.now())
                .build();
        EventProducer.sendCommand(first, domain, ReservationCommand.newBuilder().setCommand(request).build());
    }

    /** An answer, with the session cookie ("name=value") when it set one. */
    private record Answer(int status, JsonNode body, String cookie) {
    }

    private static HttpRequest.Builder request(CoreserveApp app, String path) {
        return HttpRequest.newBuilder(URI.create(app.http().url() + path));
    }

    private static Answer get(CoreserveApp app, String path) throws Exception {
        return send(request(app, path).GET());
    }

    /** The instance's own part of the answer, as a forwarded question gets it. */
    private static Answer getLocal(CoreserveApp app, String path) throws Exception {
        return send(request(app, path).header(QueryForwarding.LOCAL_ONLY, "1").GET());
    }

    private static Answer post(CoreserveApp app, String path, String json) throws Exception {
        return send(request(app, path).POST(BodyPublishers.ofString(json)));
    }

    private static Answer send(HttpRequest.Builder request) throws Exception {
        HttpResponse<String> response = CLIENT.send(request.header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        String cookie = response.headers().firstValue("Set-Cookie").map(c -> c.split(";", 2)[0]).orElse(null);
        return new Answer(response.statusCode(), JSON.readTree(response.body()), cookie);
    }
}
