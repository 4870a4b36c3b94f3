package io.coreserve.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.coreserve.catalogue.DemoCatalogue;
import io.coreserve.cli.CoreserveCommand;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.local.ApicurioRegistryProcess;
import io.coreserve.reservation.ReservationPipeline;
import io.coreserve.testing.EmbeddedKafka;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The whole round trip through a real KRaft broker and a real schema registry (Apicurio, Confluent API):
 * the CLI's {@code submit} produces a request, the pipeline decides, the CLI's {@code watch --json} prints it;
 * a record that is not Avro lands on the dead-letter topic with the error in its headers, and processing goes on.
 */
@Tag("integration")
class PipelineIntegrationTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path temp;

    private static EmbeddedKafka kafka;
    private static ApicurioRegistryProcess registry;
    private static CoreserveApp app;
    private static CoreserveConfig config;

    @BeforeAll
    static void startEverything() throws Exception {
        kafka = EmbeddedKafka.start();
        registry = ApicurioRegistryProcess.start(temp);
        config = CoreserveConfig.of(Map.of(
                StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                CoreserveConfig.SCHEMA_REGISTRY_URL, registry.url(),
                StreamsConfig.STATE_DIR_CONFIG, temp.resolve("streams").toString(),
                CoreserveConfig.PARTITIONS, "2"));
        TopicAdmin.ensureTopics(config.bootstrapServers(), config.topics(), 2, (short) 1);
        EventProducer.sendResources(config, DemoCatalogue.generate(60, "default", 7L, Instant.now()));
        ReservationPipeline pipeline = ReservationPipeline.forConfig(config);
        app = CoreserveApp.start(config, pipeline, Duration.ofMinutes(1));
    }

    @AfterAll
    static void stopEverything() throws Exception {
        if (app != null) {
            app.close();
        }
        if (registry != null) {
            registry.close();
        }
        if (kafka != null) {
            kafka.close();
        }
    }

    private static String[] connection() {
        return new String[] {"--bootstrap", kafka.bootstrapServers(), "--registry", registry.url()};
    }

    private static String runCli(String... args) {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            int exit = new CommandLine(new CoreserveCommand()).execute(args);
            assertThat(exit).as("exit code of coreserve %s", List.of(args)).isZero();
        } finally {
            System.setOut(original);
        }
        return captured.toString(StandardCharsets.UTF_8).trim();
    }

    private static String[] concat(String[] a, String... b) {
        List<String> all = new ArrayList<>(List.of(a));
        all.addAll(List.of(b));
        return all.toArray(String[]::new);
    }

    @Test
    void shouldTurnASubmittedRequestIntoADecisionThatWatchPrints() throws Exception {
        Path file = Files.writeString(temp.resolve("request.yaml"), """
                id: it-collective-1
                user: alice
                email: alice@example.org
                n: 5
                duration: 1h
                earliest: +10m
                latest: +6h
                min: {cores: 1}
                total: {cores: 10, memory_gb: 12}
                """);
        // It starts in ten minutes, not now: a reservation that starts now gets its STARTING notification at the
        // first stream-time tick (each minute) past its start, which could fall while this test runs (it did once in
        // CI) and give the notifications-only watch below a second line.

        String requestId = runCli(concat(concat(new String[] {"submit"}, connection()), file.toString()));
        String watched = runCli(concat(concat(new String[] {"watch"}, connection()),
                "--json", "--request", requestId, "--count", "2", "--timeout", "60"));

        assertThat(requestId).isEqualTo("it-collective-1");
        List<JsonNode> lines = watched.lines().map(PipelineIntegrationTest::parse).toList();
        assertThat(lines).extracting(n -> n.get("type").asText()).containsExactlyInAnyOrder("decision", "notification");
        JsonNode decision = lines.stream().filter(n -> n.get("type").asText().equals("decision")).findFirst().orElseThrow();
        assertThat(decision.get("status").asText()).as("decision %s", decision).isEqualTo("ACCEPTED");
        assertThat(decision.get("allocations")).hasSize(5);
        double cores = 0;
        for (JsonNode a : decision.get("allocations")) {
            cores += a.get("amounts").get("cores").asDouble();
        }
        assertThat(cores).isGreaterThanOrEqualTo(10 - 1e-6);

        // --type keeps one of the two (both are on the topics by now; a few seconds read them from the beginning).
        String notificationsOnly = runCli(concat(concat(new String[] {"watch"}, connection()),
                "--json", "--type", "notification", "--request", requestId, "--timeout", "3"));
        assertThat(notificationsOnly.lines().map(PipelineIntegrationTest::parse).toList())
                .extracting(n -> n.get("type").asText()).containsExactly("notification");
    }

    @Test
    void shouldPutAnUnreadableRecordOnTheDeadLetterTopicWithTheErrorAndKeepDeciding() throws Exception {
        Properties producerProps = new Properties();
        producerProps.put("bootstrap.servers", kafka.bootstrapServers());
        try (var producer = new KafkaProducer<>(producerProps, new StringSerializer(), new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(config.topics().requests(), "default",
                    "{\"not\":\"avro\"}".getBytes(StandardCharsets.UTF_8))).get();
            // Where the app alone writes on a secured cluster, but anyone may on an open one: watch skips it.
            producer.send(new ProducerRecord<>(config.topics().decisions(), "default",
                    "not a decision".getBytes(StandardCharsets.UTF_8))).get();
        }
        String after = runCli(concat(concat(new String[] {"submit"}, connection()),
                "--id", "after-garbage", "--user", "bob", "--n", "2", "--duration", "30m", "--min", "cores=1"));

        List<ConsumerRecord<byte[], byte[]>> dead = new ArrayList<>();
        Properties consumerProps = new Properties();
        consumerProps.put("bootstrap.servers", kafka.bootstrapServers());
        consumerProps.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        consumerProps.put(ConsumerConfig.GROUP_ID_CONFIG, "dlq-check");
        try (var consumer = new KafkaConsumer<>(consumerProps, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            consumer.subscribe(List.of(config.topics().deadLetter()));
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(dead::add);
                return !dead.isEmpty();
            });
        }
        ConsumerRecord<byte[], byte[]> record = dead.get(0);
        assertThat(new String(record.value(), StandardCharsets.UTF_8)).isEqualTo("{\"not\":\"avro\"}");
        assertThat(header(record, "__streams.errors.exception")).contains("SerializationException");
        assertThat(header(record, "__streams.errors.message")).contains("magic byte");
        assertThat(header(record, "__streams.errors.topic")).isEqualTo(config.topics().requests());

        String watched = runCli(concat(concat(new String[] {"watch"}, connection()),
                "--json", "--request", after, "--count", "1", "--timeout", "60"));
        assertThat(parse(watched.lines().findFirst().orElseThrow()).get("requestId").asText()).isEqualTo("after-garbage");
    }

    private static String header(ConsumerRecord<byte[], byte[]> record, String name) {
        var h = record.headers().lastHeader(name);
        return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }

    private static JsonNode parse(String line) {
        try {
            return JSON.readTree(line);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + line, e);
        }
    }

    private static JsonNode http(String method, String path, String body) throws Exception {
        var request = java.net.http.HttpRequest.newBuilder(java.net.URI.create(app.http().url() + path));
        if (body != null) {
            request.header("Content-Type", "application/yaml").method(method,
                    java.net.http.HttpRequest.BodyPublishers.ofString(body));
        }
        var response = java.net.http.HttpClient.newHttpClient().send(request.build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        JsonNode json = JSON.readTree(response.body());
        return JSON.createObjectNode().put("httpStatus", response.statusCode()).set("body", json);
    }

    @Test
    void shouldAnswerARequestWithA600KilobyteIdWithASmallRejectionAndGoOn() throws Exception {
        String huge = "h".repeat(600_000);
        io.coreserve.events.CoAllocationRequest request = io.coreserve.events.CoAllocationRequest.newBuilder()
                .setRequestId(huge).setUser("erin").setDurationMillis(3_600_000L).setResourceCount(1)
                .setSubmittedAt(Instant.now()).build();

        EventProducer.sendCommand(config, "default",
                io.coreserve.events.ReservationCommand.newBuilder().setCommand(request).build());
        runCli(concat(concat(new String[] {"submit"}, connection()),
                "--id", "after-huge", "--user", "erin", "--n", "1", "--duration", "1h"));

        var serdes = new io.coreserve.topology.EventSerdes(config);
        await().atMost(Duration.ofSeconds(60)).until(() -> io.coreserve.bench.TopicSnapshot.values(config,
                        config.topics().decisions(), serdes.decisions().deserializer(), Duration.ofSeconds(30)).stream()
                .anyMatch(d -> d.getRequestId().equals("after-huge")));
        List<ConsumerRecord<String, io.coreserve.events.ReservationDecision>> decided = io.coreserve.bench.TopicSnapshot
                .read(config, config.topics().decisions(), serdes.decisions().deserializer(), Duration.ofSeconds(30)).records();
        ConsumerRecord<String, io.coreserve.events.ReservationDecision> rejection = decided.stream()
                .filter(r -> r.value().getRequestId().startsWith("hhhh")).findFirst().orElseThrow();

        assertThat(rejection.value().getReasonCode()).isEqualTo("INVALID_REQUEST");
        assertThat(rejection.value().getField()).isEqualTo("requestId");
        assertThat(rejection.value().getRequestId()).contains("600000 chars");
        assertThat(rejection.key()).isEqualTo(rejection.value().getRequestId());
        assertThat(rejection.serializedKeySize() + rejection.serializedValueSize()).isLessThan(2_000);
    }

    @Test
    void shouldAnswerQueriesAndProbeWithoutBooking() throws Exception {
        runCli(concat(concat(new String[] {"submit"}, connection()),
                "--id", "http-1", "--user", "carol", "--n", "3", "--duration", "1h", "--min", "cores=1", "--total", "cores=4"));
        await().atMost(Duration.ofSeconds(60)).until(() -> http("GET", "/reservations/http-1?user=carol", null)
                .get("httpStatus").asInt() == 200);

        JsonNode reservation = http("GET", "/reservations/http-1?user=carol", null).get("body");
        assertThat(reservation.get("status").asText()).as("reservation %s", reservation).isEqualTo("ACCEPTED");
        JsonNode sameByUserPath = http("GET", "/users/carol/reservations/http-1", null).get("body");
        JsonNode resources = http("GET", "/resources", null).get("body");
        JsonNode mine = http("GET", "/users/carol/reservations", null).get("body");
        String node = reservation.get("allocations").get(0).get("resourceId").asText();
        long start = reservation.get("start").asLong();
        String window = "&from=" + start + "&to=" + (start + 3_600_000L);
        JsonNode before = http("GET", "/timetable?resource=" + node + window, null).get("body");
        JsonNode probe = http("POST", "/probe", "user: dave\nn: 2\nduration: 30m\nmin: {cores: 1}\n").get("body");
        JsonNode after = http("GET", "/timetable?resource=" + node + window, null).get("body");

        assertThat(reservation.get("status").asText()).isEqualTo("ACCEPTED");
        assertThat(resources).hasSize(60);
        assertThat(mine).extracting(n -> n.get("requestId").asText()).contains("http-1");
        assertThat(before.get("bookings")).anySatisfy(b -> assertThat(b.get("requestId").asText()).isEqualTo("http-1"));
        assertThat(before.get("steps").get(0).get("reserved").get("cores").asDouble()).isGreaterThanOrEqualTo(1.0 - 1e-9);
        assertThat(probe.get("status").asText()).isEqualTo("ACCEPTED");
        assertThat(probe.get("message").asText()).contains("nothing booked");
        assertThat(after).isEqualTo(before);
        assertThat(sameByUserPath).isEqualTo(reservation);
        // Request ids are scoped by user: another user does not see carol's, and an id alone is not enough.
        assertThat(http("GET", "/users/dave/reservations/http-1", null).get("httpStatus").asInt()).isEqualTo(404);
        assertThat(http("GET", "/reservations/http-1", null).get("httpStatus").asInt()).isEqualTo(400);
        assertThat(http("GET", "/reservations/no-such-request?user=carol", null).get("httpStatus").asInt()).isEqualTo(404);
        assertThat(http("GET", "/timetable", null).get("httpStatus").asInt()).isEqualTo(400);
        assertThat(http("GET", "/metrics.json", null).get("body").has("process-total")).isTrue();
    }

    @Test
    void shouldCoAllocateAnOfferJobThroughTheMetaschedulerAndTheProviderAgents() throws Exception {
        // Table 1 of seed 001: the widest cluster has 280 processors, so 300 must be co-allocated across providers.
        var job = io.coreserve.events.OfferJobRequest.newBuilder().setRequestId("offer-job-1").setUser("erin")
                .setLengthMi(3_600_000L).setProcessors(300).setSubmittedAt(Instant.now()).build();
        Properties producerProps = new Properties();
        producerProps.put("bootstrap.servers", kafka.bootstrapServers());
        try (var producer = new KafkaProducer<>(producerProps, new StringSerializer(),
                new io.coreserve.topology.EventSerdes(config).offerJobRequests().serializer())) {
            producer.send(new ProducerRecord<>(config.topics().offerRequests(), "offer-job-1", job)).get();
        }

        String watched = runCli(concat(concat(new String[] {"watch"}, connection()),
                "--json", "--type", "decision", "--request", "offer-job-1", "--count", "1", "--timeout", "90"));

        JsonNode decision = parse(watched.lines().findFirst().orElseThrow());
        assertThat(decision.get("status").asText()).isEqualTo("ACCEPTED");
        int processors = 0;
        for (JsonNode a : decision.get("allocations")) {
            processors += a.get("amounts").get("processors").asInt();
        }
        assertThat(decision.get("allocations").size()).isGreaterThan(1);
        assertThat(processors).isEqualTo(300);
    }
}
