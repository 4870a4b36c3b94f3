package io.coreserve.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.coreserve.app.CoreserveApp;
import io.coreserve.app.EventProducer;
import io.coreserve.catalogue.DemoCatalogue;
import io.coreserve.cli.CoreserveCommand;
import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.deadletter.DeadLetter;
import io.coreserve.deadletter.DeadLetterSettings;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.reservation.ReservationPipeline;
import io.coreserve.serde.RestSchemaRegistryClient;
import io.coreserve.topology.EventSerdes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.streams.KafkaStreams;
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
 * Records that stopped the service for good (issue 9, item 1), on a real broker and registry: a value of about
 * 1,047,000 bytes on each input topic (accepted by the broker, but too large to dead-letter with its error headers
 * as Kafka Streams builds them), a 14-byte record whose Avro string length says 2×10⁹, and a valid request whose
 * 600 KB id makes its outputs too large to write. Each lands on the dead-letter topic with the headers, later
 * requests are decided, and the app starts again on the same state and goes on deciding. Then the operator's
 * {@code dlq} tool lists, shows and replays those dead letters, and skips a record while the app is stopped.
 */
@Tag("integration")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PoisonRecordsTest {

    private static final int NEAR_BROKER_MAX = 1_047_000;
    private static final Duration WAIT = Duration.ofMinutes(2);
    private static final String NAME = "poison";

    @TempDir
    static Path temp;

    private static PipelineStack stack;
    private static CoreserveConfig config;
    private static Path configFile;
    private static CoreserveApp app;

    /** Where each poison record was written, for the assertions of the second test. */
    private static final Map<String, Long> offsets = new java.util.HashMap<>();
    private static byte[] oversizedRequest;

    @BeforeAll
    static void start() throws Exception {
        stack = PipelineStack.start(temp);
        Map<String, String> settings = stack.settings(NAME, temp.resolve("state"), 1,
                Map.of(io.coreserve.config.Settings.OFFERS_ENABLED, "false"));
        config = stack.config(NAME, temp.resolve("state"), 1, Map.of(io.coreserve.config.Settings.OFFERS_ENABLED, "false"));
        configFile = temp.resolve("poison.properties");
        Properties file = new Properties();
        file.putAll(settings);
        try (Writer out = Files.newBufferedWriter(configFile)) {
            file.store(out, "PoisonRecordsTest");
        }
        EventProducer.sendResources(config, DemoCatalogue.generate(20, Workload.DOMAIN, 7L, Instant.now()));
        app = startApp();
    }

    @AfterAll
    static void stop() throws Exception {
        if (app != null) {
            app.close();
        }
        if (stack != null) {
            stack.close();
        }
    }

    private static CoreserveApp startApp() throws Exception {
        return CoreserveApp.start(config, ReservationPipeline.forConfig(config), WAIT);
    }

    @Test
    @Order(1)
    void shouldDeadLetterEveryPoisonRecordKeepDecidingAndStartAgainOnTheSameState() throws Exception {
        String requests = config.topics().requests();
        oversizedRequest = junk(NEAR_BROKER_MAX, 1L);
        try (KafkaProducer<byte[], byte[]> producer = rawProducer()) {
            offsets.put("junk-requests", send(producer, requests, oversizedRequest));
            offsets.put("junk-resources", send(producer, config.topics().resources(), junk(NEAR_BROKER_MAX, 2L)));
            offsets.put("junk-samples", send(producer, config.topics().samples(), junk(NEAR_BROKER_MAX, 3L)));
            // Read by the global thread (the virtual grids' catalogue store), whose dead letters Kafka Streams
            // cannot write: it stopped the whole service until coreserve wrote them itself.
            offsets.put("junk-vgrid-catalogue", send(producer, config.topics().vgridCatalogue(),
                    junk(NEAR_BROKER_MAX, 4L)));
            offsets.put("huge-length", send(producer, requests, hugeStringLength()));
            offsets.put("big-id", send(producer, requests, new EventSerdes(config).commands().serializer()
                    .serialize(requests, command(request("big-" + "x".repeat(600_000))))));
        }
        EventProducer.sendCommand(config, Workload.DOMAIN, command(request("good-1")));

        try (DecisionsCollector decisions = new DecisionsCollector(config)) {
            // The 600 KB id is refused by the field limits with a decision small enough to send (its id shortened);
            // were it not, the production handler would dead-letter the output (DeadLetterHandlersTest).
            ReservationDecision bigId = await().atMost(WAIT).until(() -> decisions.drain(Duration.ofMillis(200))
                    .stream().filter(d -> d.getRequestId().startsWith("big-xxx")).findFirst().orElse(null),
                    java.util.Objects::nonNull);
            assertThat(bigId.getStatus().toString()).isEqualTo("REJECTED");
            assertThat(bigId.getReasonCode()).isEqualTo("INVALID_REQUEST");
            assertThat(bigId.getRequestId().length()).isLessThan(200);
            ReservationDecision good = awaitDecision(decisions, "good-1");
            assertThat(good.getStatus().toString()).isEqualTo("ACCEPTED");
        }
        List<ConsumerRecord<byte[], byte[]>> letters = await().atMost(WAIT).until(PoisonRecordsTest::deadLetters,
                all -> all.stream().anyMatch(l -> from(l, requests, offsets.get("huge-length")))
                        && all.stream().anyMatch(l -> from(l, config.topics().samples(), offsets.get("junk-samples")))
                        && all.stream().anyMatch(l -> from(l, config.topics().vgridCatalogue(),
                                offsets.get("junk-vgrid-catalogue"))));

        assertThat(app.runner().streams().state()).isEqualTo(KafkaStreams.State.RUNNING);
        assertThat(app.runner().failure()).isNull();
        for (String key : List.of("junk-requests", "junk-resources", "junk-samples", "junk-vgrid-catalogue")) {
            String topic = inputTopic(key.substring("junk-".length()));
            ConsumerRecord<byte[], byte[]> letter = only(letters, topic, offsets.get(key));
            assertThat(header(letter, DeadLetter.STAGE)).isEqualTo("deserialization");
            assertThat(header(letter, DeadLetter.TRUNCATED)).isEqualTo("true");
            assertThat(header(letter, DeadLetter.ORIGINAL_VALUE_SIZE)).isEqualTo(Integer.toString(NEAR_BROKER_MAX));
            assertThat(header(letter, DeadLetter.PARTITION)).isEqualTo("0");
            assertThat(header(letter, DeadLetter.MESSAGE)).contains("magic byte");
            assertThat(letter.value().length).isLessThan(DeadLetterSettings.DEFAULT_MAX_BYTES)
                    .isGreaterThan(DeadLetterSettings.DEFAULT_MAX_BYTES / 2);
        }
        ConsumerRecord<byte[], byte[]> huge = only(letters, requests, offsets.get("huge-length"));
        assertThat(header(huge, DeadLetter.TRUNCATED)).isEqualTo("false");
        assertThat(huge.value()).hasSize(14).isEqualTo(hugeStringLength());
        assertThat(header(huge, DeadLetter.MESSAGE)).contains("string of 2000000000 bytes");
        assertThat(letters).noneMatch(l -> from(l, requests, offsets.get("big-id")));
        assertThat(letters).allSatisfy(l -> assertThat(DeadLetter.estimatedSize(new ProducerRecord<>(l.topic(), null,
                l.key(), l.value(), l.headers()))).isLessThanOrEqualTo(DeadLetterSettings.DEFAULT_MAX_BYTES));

        app.close();
        app = null;
        app = startApp();
        EventProducer.sendCommand(config, Workload.DOMAIN, command(request("good-2")));
        try (DecisionsCollector decisions = new DecisionsCollector(config)) {
            assertThat(awaitDecision(decisions, "good-2").getStatus().toString()).isEqualTo("ACCEPTED");
            List<ReservationDecision> all = decisions.drain(Duration.ofSeconds(2));
            // Decided once, before the restart, and not again after it.
            assertThat(all).filteredOn(d -> d.getRequestId().startsWith("big-")).hasSize(1);
        }
        List<ConsumerRecord<byte[], byte[]>> after = deadLetters();
        for (String key : List.of("junk-requests", "junk-resources", "junk-samples", "junk-vgrid-catalogue",
                "huge-length")) {
            // Read once, committed once (the global store's checkpoint, written at the clean stop, for the
            // catalogue): the restart does not read the poison records again.
            String topic = key.equals("huge-length") ? requests : inputTopic(key.substring("junk-".length()));
            assertThat(after).filteredOn(l -> from(l, topic, offsets.get(key))).hasSize(1);
        }
        assertThat(app.runner().streams().state()).isEqualTo(KafkaStreams.State.RUNNING);
    }

    @Test
    @Order(2)
    void shouldListShowReplayDeadLettersAndSkipARecordOnlyWhileTheAppIsStopped() throws Exception {
        String requests = config.topics().requests();
        List<ConsumerRecord<byte[], byte[]>> letters = deadLetters();
        ConsumerRecord<byte[], byte[]> huge = only(letters, requests, offsets.get("huge-length"));
        ConsumerRecord<byte[], byte[]> junk = only(letters, requests, offsets.get("junk-requests"));

        Cli list = cli("dlq", "list");
        Cli show = cli("dlq", "show", Long.toString(huge.offset()));
        Cli replay = cli("dlq", "replay", Long.toString(junk.offset()));

        assertThat(list.exit).isZero();
        assertThat(list.out.lines()).hasSize(letters.size());
        assertThat(list.out).contains(huge.offset() + " " + requests + "-0@" + offsets.get("huge-length")
                + " size=14 truncated=no stage=deserialization");
        assertThat(list.out).contains(junk.offset() + " " + requests + "-0@" + offsets.get("junk-requests")
                + " size=" + NEAR_BROKER_MAX + " truncated=yes");
        assertThat(show.exit).isZero();
        assertThat(show.out).contains(DeadLetter.MESSAGE + ": ").contains("string of 2000000000 bytes")
                .contains("payload: 14 bytes, hex: 00");
        assertThat(replay.exit).as(replay.err).isZero();
        long replayedAt = Long.parseLong(replay.out.trim().replaceAll(".*@", ""));
        assertThat(replay.out).startsWith("replayed " + junk.offset() + " to " + requests + "-0@");
        // The truncated letter's original is fetched whole from its topic and written again...
        assertThat(read(new TopicPartition(requests, 0), replayedAt).value()).isEqualTo(oversizedRequest);
        // ...and the pipeline, which cannot read it now either, dead-letters it again.
        await().atMost(WAIT).until(() -> deadLetters().stream().anyMatch(l -> from(l, requests, replayedAt)));

        Cli refused = cli("dlq", "skip", "--topic", requests, "--partition", "0", "--offset", "0");
        assertThat(refused.exit).isEqualTo(1);
        assertThat(refused.err).contains("refused").contains("active");

        app.close();
        app = null;
        int lettersBeforeSkip = deadLetters().size();
        long skipped;
        try (KafkaProducer<byte[], byte[]> producer = rawProducer()) {
            skipped = send(producer, requests, new EventSerdes(config).commands().serializer()
                    .serialize(requests, command(request("skipped-1"))));
        }
        Cli wrongOffset = cli("dlq", "skip", "--topic", requests, "--partition", "0", "--offset",
                Long.toString(skipped + 1));
        Cli skip = cli("dlq", "skip", "--topic", requests, "--partition", "0", "--offset", Long.toString(skipped));
        assertThat(wrongOffset.exit).isEqualTo(1);
        assertThat(wrongOffset.err).contains("stands at offset " + skipped);
        assertThat(skip.exit).as(skip.err).isZero();
        assertThat(skip.out).contains("now at " + (skipped + 1));

        EventProducer.sendCommand(config, Workload.DOMAIN, command(request("after-skip")));
        app = startApp();
        try (DecisionsCollector decisions = new DecisionsCollector(config)) {
            awaitDecision(decisions, "after-skip");
            assertThat(decisions.drain(Duration.ofSeconds(2))).noneMatch(d -> d.getRequestId().equals("skipped-1"));
        }
        // Skipping changes nothing else: stream time goes on from where it was, no record fails after the restart.
        assertThat(deadLetters()).hasSize(lettersBeforeSkip);
    }

    // --- records -------------------------------------------------------------------------------------------------

    private static CoAllocationRequest request(String id) {
        return Workload.oneNode(id);
    }

    private static ReservationCommand command(CoAllocationRequest request) {
        return Workload.command(request);
    }

    /** Random bytes that are not the Avro wire format (no magic byte). */
    private static byte[] junk(int size, long seed) {
        byte[] bytes = new byte[size];
        new SplittableRandom(seed).nextBytes(bytes);
        bytes[0] = 0x7f;
        return bytes;
    }

    /** 14 bytes: the header of a real ReservationCommand schema id, the CoAllocationRequest branch, then an id whose
     *  length says 2×10⁹ bytes. */
    private static byte[] hugeStringLength() throws Exception {
        int id = new RestSchemaRegistryClient(stack.registryUrl()).register(config.topics().requests() + "-value",
                ReservationCommand.getClassSchema());
        ByteArrayOutputStream avro = new ByteArrayOutputStream();
        BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(avro, null);
        encoder.writeIndex(0);
        encoder.writeLong(2_000_000_000L);
        encoder.writeFixed(new byte[] {'a', 'b', 'c'});
        encoder.flush();
        return ByteBuffer.allocate(5 + avro.size()).put((byte) 0).putInt(id).put(avro.toByteArray()).array();
    }

    private static KafkaProducer<byte[], byte[]> rawProducer() {
        Properties props = ClientSettings.producer(config);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, Integer.toString(2 * 1024 * 1024));
        return new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer());
    }

    private static long send(KafkaProducer<byte[], byte[]> producer, String topic, byte[] value) throws Exception {
        RecordMetadata sent = producer.send(new ProducerRecord<>(topic, Workload.DOMAIN.getBytes(StandardCharsets.UTF_8),
                value)).get();
        return sent.offset();
    }

    private static ReservationDecision awaitDecision(DecisionsCollector decisions, String requestId) {
        return await().atMost(WAIT).until(() -> decisions.drain(Duration.ofMillis(200)).stream()
                .filter(d -> d.getRequestId().equals(requestId)).findFirst().orElse(null), java.util.Objects::nonNull);
    }

    private static String inputTopic(String kind) {
        return switch (kind) {
            case "requests" -> config.topics().requests();
            case "resources" -> config.topics().resources();
            case "samples" -> config.topics().samples();
            case "vgrid-catalogue" -> config.topics().vgridCatalogue();
            default -> throw new IllegalArgumentException(kind);
        };
    }

    // --- dead letters --------------------------------------------------------------------------------------------

    private static List<ConsumerRecord<byte[], byte[]>> deadLetters() {
        TopicPartition tp = new TopicPartition(config.topics().deadLetter(), 0);
        List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            long end = consumer.endOffsets(List.of(tp)).get(tp);
            while (consumer.position(tp) < end) {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
            }
        }
        return records;
    }

    private static ConsumerRecord<byte[], byte[]> read(TopicPartition tp, long offset) {
        try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
            consumer.assign(List.of(tp));
            consumer.seek(tp, offset);
            return await().atMost(WAIT).until(() -> consumer.poll(Duration.ofMillis(200)).records(tp).stream()
                    .filter(r -> r.offset() == offset).findFirst().orElse(null), r -> r != null);
        }
    }

    private static KafkaConsumer<byte[], byte[]> consumer() {
        Properties props = ClientSettings.consumer(config);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.remove(ConsumerConfig.GROUP_ID_CONFIG);
        return new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    private static boolean from(ConsumerRecord<byte[], byte[]> letter, String topic, long offset) {
        return topic.equals(header(letter, DeadLetter.TOPIC))
                && Long.toString(offset).equals(header(letter, DeadLetter.OFFSET));
    }

    private static ConsumerRecord<byte[], byte[]> only(List<ConsumerRecord<byte[], byte[]>> letters, String topic,
            long offset) {
        List<ConsumerRecord<byte[], byte[]>> found = letters.stream().filter(l -> from(l, topic, offset)).toList();
        assertThat(found).as("dead letters of %s@%d", topic, offset).hasSize(1);
        return found.get(0);
    }

    private static String header(ConsumerRecord<byte[], byte[]> record, String name) {
        return DeadLetter.header(record.headers(), name);
    }

    // --- the CLI -------------------------------------------------------------------------------------------------

    private record Cli(int exit, String out, String err) {
    }

    private static synchronized Cli cli(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--config");
        all.add(configFile.toString());
        PrintStream originalOut = System.out;
        PrintStream originalErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            exit = new CommandLine(new CoreserveCommand()).execute(all.toArray(String[]::new));
        } finally {
            System.setOut(originalOut);
            System.setErr(originalErr);
        }
        return new Cli(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
