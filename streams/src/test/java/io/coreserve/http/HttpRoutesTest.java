package io.coreserve.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.coreserve.config.Topics;
import io.coreserve.events.Resource;
import io.coreserve.reservation.PipelineDriver;
import io.coreserve.routing.DomainKey;
import io.coreserve.serde.InMemorySchemaRegistryClient;
import io.coreserve.topology.EventSerdes;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTTP layer on a pipeline driven by a TopologyTestDriver (four nodes): probes in JSON and YAML, bad bodies
 * answered 4xx naming the field, the body limit, JSON errors, clients stuck mid-body that block nobody, and an
 * OpenAPI description that lists every route served.
 */
class HttpRoutesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant T0 = Instant.parse("2026-11-21T08:00:00Z");

    @TempDir
    java.nio.file.Path stateDir;

    private final String scope = "http-" + UUID.randomUUID();
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private TopologyTestDriver driver;
    private HttpApi http;

    @BeforeEach
    void start() {
        PipelineDriver fixture = PipelineDriver.start(stateDir, scope, T0);
        driver = fixture.driver();
        Topics topics = fixture.config().topics();
        EventSerdes serdes = fixture.serdes();
        var resources = driver.createInputTopic(topics.resources(), Serdes.String().serializer(),
                serdes.resources().serializer());
        for (int i = 1; i <= 4; i++) {
            resources.pipeInput(DomainKey.of("default", "n" + i), Resource.newBuilder().setId("n" + i)
                    .setDomain("default").setProperties(Map.of("cores", 4.0, "memory_gb", 8.0)).setUpdatedAt(T0)
                    .build(), T0);
        }
        http = new HttpApi(new HttpSettings("127.0.0.1", 0, 1 << 20, Duration.ofSeconds(30)));
        http.get("/health", "liveness", List.of(), ctx -> HttpApi.Response.ok(Map.of("status", "UP")));
        QueryRoutes.register(http, fixture.queries(), QueryForwarding.none(), "default",
                T0::toEpochMilli, Map::of);
        http.start();
    }

    @AfterEach
    void stop() {
        http.close();
        driver.close();
        InMemorySchemaRegistryClient.dropScope(scope);
    }

    private HttpResponse<String> send(String method, String path, String contentType, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(http.url() + path))
                .timeout(Duration.ofSeconds(10));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        request.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body));
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode probe(String contentType, String body, int expectedStatus) throws Exception {
        HttpResponse<String> response = send("POST", "/probe", contentType, body);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(expectedStatus);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
                t -> assertThat(t).startsWith("application/json"));
        return JSON.readTree(response.body());
    }

    @Test
    void shouldProbeJsonAndYamlBodiesWhateverTheContentTypeSays() throws Exception {
        JsonNode json = probe("application/json", "{\"user\": \"dave\", \"n\": 2, \"duration\": \"30m\"}", 200);
        JsonNode sniffedYaml = probe(null, "user: dave\nn: 2\nduration: 30m\nmin: {cores: 1}\n", 200);
        JsonNode declaredYaml = probe("application/yaml", "{user: dave, n: 2, duration: 30m}", 200);
        JsonNode sniffedJson = probe("application/x-www-form-urlencoded", "{\"user\":\"dave\",\"n\":2,\"duration\":\"1h\"}",
                200);

        for (JsonNode answer : List.of(json, sniffedYaml, declaredYaml, sniffedJson)) {
            assertThat(answer.get("status").asText()).isEqualTo("ACCEPTED");
            assertThat(answer.get("allocations")).hasSize(2);
        }
    }

    @Test
    void shouldAnswerEveryBadBodyWith400NamingTheField() throws Exception {
        assertThat(probe("application/json", "{\"user\": \"dave\", \"n\": 2, \"duration\": \"30m\", \"min\": null}", 400)
                .get("field").asText()).isEqualTo("min");
        assertThat(probe("application/json", "{\"user\": \"dave\", \"n\": 2, \"duration\": \"30m\", "
                + "\"min\": {\"cores\": null}}", 400).get("field").asText()).isEqualTo("min.cores");
        assertThat(probe(null, "user: dave\nn: two\nduration: 30m\n", 400).get("field").asText()).isEqualTo("n");
        assertThat(probe(null, "user: dave\nn: 2\nduration: soon\n", 400).get("field").asText()).isEqualTo("duration");
        assertThat(probe(null, "user: dave\nn: 2\n", 400).get("field").asText()).isEqualTo("duration");
        assertThat(probe(null, "user: dave\nn: 2\nduration: 1h\nflavour: vanilla\n", 400).get("field").asText())
                .isEqualTo("flavour");
        JsonNode longUser = probe(null, "user: " + "u".repeat(300) + "\nn: 1\nduration: 1h\n", 400);
        assertThat(longUser.get("field").asText()).isEqualTo("user");
        assertThat(longUser.get("error").asText()).contains("at most 128").doesNotContain("uuuuuuuuuu");
        assertThat(probe(null, "user: dave\nn: 2\nduration: 1h\nlatest: whenever\n", 400).get("field").asText())
                .isEqualTo("latest");
        assertThat(probe(null, "", 400).get("error").asText()).contains("no body");
        for (String nothing : List.of("null", " null\n", "~")) {
            assertThat(probe(null, nothing, 400).get("error").asText()).contains("body is null");
        }
        assertThat(probe("application/json", "null", 400).get("error").asText()).contains("body is null");
        assertThat(probe(null, "# nothing but a comment\n", 400).get("error").asText()).contains("unreadable");
    }

    /**
     * Sends the head of a POST /probe whose body is {@code body}, and only its first 64 KB: a server that waits
     * for the whole body before it refuses would never answer.
     */
    private String startOfBigPost(String contentType, byte[] body) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", URI.create(http.url()).getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /probe HTTP/1.1\r\nHost: localhost\r\nContent-Type: " + contentType
                    + "\r\nContent-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body, 0, 64 << 10);
            out.flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void shouldRefuseBodiesOverTheLimitWith413BeforeReadingThem() throws Exception {
        byte[] tenMegabyteUser = ("{\"user\": \"" + "u".repeat(10 << 20) + "\", \"n\": 1, \"duration\": \"1h\"}")
                .getBytes(StandardCharsets.UTF_8);
        byte[] tenMegabyteYaml = ("user: dave\nn: 1\nduration: 1h\nrequire:\n" + "  k: v\n".repeat(2 << 20))
                .getBytes(StandardCharsets.UTF_8);

        String user = startOfBigPost("application/json", tenMegabyteUser);
        String yaml = startOfBigPost("application/yaml", tenMegabyteYaml);

        assertThat(user).startsWith("HTTP/1.1 413").contains("over the limit of 1048576 bytes");
        assertThat(yaml).startsWith("HTTP/1.1 413").contains("\"error\"");
        // The server is still there for the next request.
        assertThat(probe(null, "user: dave\nn: 1\nduration: 1h\n", 200).get("status").asText()).isEqualTo("ACCEPTED");
    }

    @Test
    void shouldRefuseAChunkedBodyAsSoonAsItPassesTheLimit() throws Exception {
        HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(http.url() + "/probe"))
                .timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(
                        "user: dave\n#".concat("x".repeat((1 << 20) + 16)).getBytes(StandardCharsets.UTF_8))))
                .build(), HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(JSON.readTree(response.body()).get("error").asText()).contains("more than 1048576 bytes");
    }

    @Test
    void shouldAnswerErrorsAsJson() throws Exception {
        HttpResponse<String> noRoute = send("GET", "/no/such/route", null, null);
        HttpResponse<String> getProbe = send("GET", "/probe", null, null);
        HttpResponse<String> noUser = send("GET", "/reservations/r1", null, null);
        HttpResponse<String> badTime = send("GET", "/timetable?resource=n1&from=yesterdayish", null, null);
        HttpResponse<String> unknown = send("GET", "/users/carol/reservations/a/b", null, null);

        assertThat(noRoute.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(noRoute.body()).get("error").asText()).contains("/openapi.json");
        assertThat(getProbe.statusCode()).isEqualTo(405);
        assertThat(JSON.readTree(getProbe.body()).has("error")).isTrue();
        assertThat(noUser.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(noUser.body()).get("field").asText()).isEqualTo("user");
        assertThat(badTime.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(badTime.body()).get("field").asText()).isEqualTo("from");
        // An id with a slash reaches the route (and is simply not found).
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(unknown.body()).get("error").asText()).contains("a/b");
    }

    @Test
    void shouldServeOthersWhileTwoClientsHangInTheMiddleOfABody() throws Exception {
        List<Socket> stuck = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                Socket socket = new Socket("127.0.0.1", URI.create(http.url()).getPort());
                OutputStream out = socket.getOutputStream();
                out.write(("POST /probe HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 100\r\n\r\n{").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                stuck.add(socket);
            }

            HttpResponse<String> health = send("GET", "/health", null, null);
            JsonNode probe = probe(null, "user: dave\nn: 1\nduration: 1h\n", 200);

            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(probe.get("status").asText()).isEqualTo("ACCEPTED");
        } finally {
            for (Socket socket : stuck) {
                socket.close();
            }
        }
    }

    @Test
    void shouldAnswerStateNotAvailableWithAServiceUnavailableToRetryNotAnError() throws Exception {
        HttpApi busy = new HttpApi(new HttpSettings("127.0.0.1", 0, 1 << 20, Duration.ofSeconds(30)));
        busy.get("/busy", "books being built", List.of(), ctx -> {
            throw new org.apache.kafka.streams.errors.InvalidStateStoreException("the books stayed busy for 5000 ms");
        });
        busy.start();
        try {
            HttpResponse<String> answer = client.send(HttpRequest.newBuilder(URI.create(busy.url() + "/busy"))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());

            assertThat(answer.statusCode()).isEqualTo(503);
            assertThat(answer.headers().firstValue("Retry-After")).contains("1");
            assertThat(answer.body()).contains("the books stayed busy for 5000 ms");
        } finally {
            busy.close();
        }
    }

    @Test
    void shouldCloseAConnectionThatStaysSilentLongerThanTheIdleTimeout() throws Exception {
        HttpApi quick = new HttpApi(new HttpSettings("127.0.0.1", 0, 1 << 20, Duration.ofMillis(500)));
        quick.post("/echo", "echo", "anything", ctx -> HttpApi.Response.ok(quick.body(ctx, Map.class)));
        quick.start();
        try (Socket socket = new Socket("127.0.0.1", URI.create(quick.url()).getPort())) {
            socket.setSoTimeout(20_000);
            socket.getOutputStream().write(("POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json"
                    + "\r\nContent-Length: 100\r\n\r\n{").getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();

            // Whatever the server says before it closes (an error status, or nothing), the connection ends well
            // before the socket's own 20 s read timeout would.
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

            assertThat(answer).doesNotContain("HTTP/1.1 200");
        } finally {
            quick.close();
        }
    }

    @Test
    void shouldAnswerKeptOpenConnectionsWithoutTheNagleStall() throws Exception {
        // Without TCP_NODELAY on the server, each answer on a kept-open connection waits for the client's delayed
        // ack: about 40 ms on Linux. A median far below that shows there is no such stall.
        send("GET", "/health", null, null);
        List<Long> nanos = new ArrayList<>();
        for (int i = 0; i < 21; i++) {
            long started = System.nanoTime();
            send("GET", "/health", null, null);
            nanos.add(System.nanoTime() - started);
        }
        nanos.sort(null);
        assertThat(Duration.ofNanos(nanos.get(10))).isLessThan(Duration.ofMillis(30));
    }

    @Test
    void shouldDescribeEveryServedRouteInOpenApi() throws Exception {
        HttpResponse<String> response = send("GET", "/openapi.json", null, null);
        JsonNode doc = JSON.readTree(response.body());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(doc.get("openapi").asText()).startsWith("3.");
        assertThat(http.served()).hasSize(http.routes().size()).allSatisfy(route -> {
            String[] methodAndPath = route.split(" ", 2);
            JsonNode operation = doc.get("paths").path(OpenApiDocument.openApiPath(methodAndPath[1]))
                    .path(methodAndPath[0].toLowerCase());
            assertThat(operation.path("summary").asText()).as(route).isNotBlank();
        });
        assertThat(http.served()).contains("POST /probe", "GET /timetable", "GET /openapi.json", "GET /health");
        assertThat(doc.at("/paths/~1probe/post/requestBody/required").asBoolean()).isTrue();
    }
}
