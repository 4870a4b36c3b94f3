package io.coreserve.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.coreserve.reservation.PipelineDriver;
import io.coreserve.reservation.ReservationQueries;
import io.coreserve.reservation.SrlScenario;
import io.coreserve.routing.DomainKey;
import io.coreserve.serde.InMemorySchemaRegistryClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code POST /probe} with SRL (spec 002 section 7): the plan, candidates per part and solve time; nothing booked. */
class SrlProbeRoutesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    java.nio.file.Path stateDir;

    private final String scope = "srl-http-" + UUID.randomUUID();
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private TopologyTestDriver driver;
    private ReservationQueries queries;
    private HttpApi http;

    @BeforeEach
    void start() {
        PipelineDriver fixture = PipelineDriver.start(stateDir, scope, SrlScenario.SENT);
        driver = fixture.driver();
        var resources = driver.createInputTopic(fixture.config().topics().resources(), Serdes.String().serializer(),
                fixture.serdes().resources().serializer());
        SrlScenario.resources("default").forEach(r -> resources.pipeInput(DomainKey.of("default", r.getId()), r,
                SrlScenario.SENT));
        queries = fixture.queries();
        http = new HttpApi(new HttpSettings("127.0.0.1", 0, 1 << 20, Duration.ofSeconds(30)));
        QueryRoutes.register(http, queries, QueryForwarding.none(), "default", SrlScenario.SENT::toEpochMilli, Map::of);
        http.start();
    }

    @AfterEach
    void stop() {
        http.close();
        driver.close();
        InMemorySchemaRegistryClient.dropScope(scope);
    }

    private JsonNode probe(String path, String contentType, String body, int expectedStatus) throws Exception {
        HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(http.url() + path))
                .header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofString(body))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(expectedStatus);
        return JSON.readTree(response.body());
    }

    @Test
    void shouldAnswerThePlanOfSrlTextWithCandidatesPerPartAndBookNothing() throws Exception {
        JsonNode plan = probe("/probe?user=alice", "text/x-srl", SrlScenario.srl("figure1.srl"), 200);
        JsonNode again = probe("/probe?user=alice", "text/x-srl; charset=utf-8", SrlScenario.srl("figure1.srl"), 200);

        assertThat(plan.get("status").asText()).isEqualTo("ACCEPTED");
        assertThat(plan.get("parts")).hasSize(3);
        assertThat(plan.get("solverStatus").asText()).isEqualTo("OPTIMAL");
        assertThat(plan.get("message").asText()).startsWith("would reserve 3 parts").endsWith("(probe: nothing booked)");
        assertThat(plan.get("reservationId").isNull()).isTrue();
        for (String part : List.of("IBM", "PCC", "VIS")) {
            assertThat(plan.get("candidatesPerPart").get(part).asInt()).as(part).isPositive();
        }
        assertThat(plan.get("solveMillis").asDouble()).isNotNegative();
        assertThat(plan.get("solver").asText()).isEqualTo("fast");
        assertThat(again.get("parts")).isEqualTo(plan.get("parts"));
        assertThat(queries.timetable("default", "pcc", SrlScenario.SENT, SrlScenario.SENT.plus(Duration.ofDays(4)))
                .orElseThrow().bookings()).isEmpty();
    }

    @Test
    void shouldTakeSrlAsAJsonField() throws Exception {
        String body = JSON.writeValueAsString(Map.of("user", "alice", "srl", SrlScenario.srl("figure1-links.srl")));

        JsonNode plan = probe("/probe", "application/json", body, 200);

        assertThat(plan.get("parts")).hasSize(5);
        assertThat(plan.get("candidatesPerPart").get("NET1").asInt()).isPositive();
    }

    @Test
    void shouldRefuseBadSrlWith400NamingTheAttributeLineAndColumn() throws Exception {
        JsonNode error = probe("/probe", "text/x-srl", "IBM.TS.duration = 6h\nIBM.CON.m = == 3\n", 400);

        assertThat(error.get("field").asText()).isEqualTo("IBM.CON.m");
        assertThat(error.get("error").asText()).contains("line 2, column", "rule=syntax");
    }
}
