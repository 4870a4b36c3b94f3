package io.coreserve.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.coreserve.app.CoreserveApp;
import io.coreserve.app.TopicAdmin;
import io.coreserve.app.TopicRisk;
import io.coreserve.cli.ReplayCommand;
import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Topics;
import io.coreserve.events.ReservationDecision;
import io.coreserve.local.ApicurioRegistryProcess;
import io.coreserve.reservation.ReservationPipeline;
import io.coreserve.testing.EmbeddedKafka;
import io.coreserve.topology.EventSerdes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Replays of traces 30 days old through a real broker whose retention would delete them at once (broker default
 * {@code log.retention.ms} one minute, retention checks every half second from the start) and a real registry.
 * Topics created with a short retention make {@code replay} refuse, and a forced replay onto them is really deleted;
 * onto the topics the pipeline creates, a running pipeline decides every request and books every sample, nothing
 * is dead-lettered and nothing is deleted.
 */
@Tag("integration")
class OldTraceReplayIntegrationTest {

    static final int NODES = 40;
    static final int JOBS = 120;
    static final Instant MONTH_AGO = Instant.now().minus(Duration.ofDays(30)).truncatedTo(ChronoUnit.DAYS);

    @TempDir
    static Path temp;

    static EmbeddedKafka kafka;
    static ApicurioRegistryProcess registry;

    @BeforeAll
    static void start() throws Exception {
        kafka = EmbeddedKafka.start(Map.of(
                "log.retention.ms", "60000",
                "log.retention.check.interval.ms", "500",
                "log.initial.task.delay.ms", "0"));
        registry = ApicurioRegistryProcess.start(temp);
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (registry != null) {
                registry.close();
            }
        } finally {
            if (kafka != null) {
                kafka.close();
            }
        }
    }

    @Test
    void shouldRefuseToReplayOntoTopicsThatWouldDeleteTheTraceAndFixThemOnRequest() throws Exception {
        Path config = Files.writeString(temp.resolve("short.properties"), String.join("\n",
                "coreserve.topic.resources=short.resources", "coreserve.topic.samples=short.samples",
                "coreserve.topic.requests=short.requests", StreamsConfig.APPLICATION_ID_CONFIG + "=coreserve-short"));
        List<String> shortLived = List.of("short.resources", "short.samples", "short.requests");
        try (Admin admin = admin()) {
            admin.createTopics(shortLived.stream().map(t -> new NewTopic(t, 1, (short) 1)
                    .configs(Map.of(TopicConfig.RETENTION_MS_CONFIG, "60000"))).toList()).all().get();
            // Created is not yet known to the broker's metadata: until it is, describing the topics fails with
            // UnknownTopicOrPartitionException (seen in CI).
            await().atMost(Duration.ofSeconds(30)).ignoreExceptions().untilAsserted(() ->
                    assertThat(TopicAdmin.risks(admin, shortLived)).extracting(TopicRisk::topic, TopicRisk::setting)
                            .contains(org.assertj.core.groups.Tuple.tuple("short.samples",
                                    TopicConfig.RETENTION_MS_CONFIG)));
        }
        Path day = planetLabDay("short-day");
        String[] replay = {"--planetlab", day.toString(), "--start", MONTH_AGO.toString(), "--domain", "lab",
                "--config", config.toString(), "--bootstrap", kafka.bootstrapServers(), "--registry", registry.url(),
                "--no-create-topics"};

        Run refused = run(replay);

        assertThat(refused.exit()).isEqualTo(1);
        assertThat(refused.err()).contains("replay: refused: short.samples deletes records older than 60 s")
                .contains("retention.ms=60000").contains("--fix-topics").contains("--force");
        assertThat(endOffset("short.samples") + endOffset("short.resources")).isZero();

        // Forced, the broker deletes the month-old records within seconds of their arrival: the risk is real.
        Run forced = run(concat(replay, "--force", "--no-catalogue-wait"));
        assertThat(forced.exit()).isZero();
        assertThat(forced.err()).contains("replay: warning: short.samples deletes records");
        long sent = (long) NODES * 288;
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            assertThat(endOffset("short.samples")).isEqualTo(sent);
            assertThat(startOffset("short.samples")).isEqualTo(sent);
        });

        // --fix-topics sets retention.ms=-1; with no pipeline running the catalogue is never processed, so the
        // replay stops after it with a one-line reason and sends no sample.
        Run fixed = run(concat(replay, "--fix-topics", "--catalogue-wait", "2s"));
        assertThat(fixed.err()).contains("replay: set retention.ms=-1 on short.samples");
        try (Admin admin = admin()) {
            assertThat(TopicAdmin.risks(admin, shortLived)).extracting(TopicRisk::setting)
                    .doesNotContain(TopicConfig.RETENTION_MS_CONFIG);
        }
        assertThat(fixed.exit()).isEqualTo(1);
        assertThat(fixed.out()).contains("the pipeline (consumer group coreserve-short, no running member) processed 0 "
                + "of the 40 catalogue records within 2s, so no sample or request was sent");
        assertThat(endOffset("short.samples")).isEqualTo(sent);
    }

    @Test
    void shouldDecideAndBookEveryEventOfAMonthOldReplayOntoThePipelinesOwnTopics() throws Exception {
        CoreserveConfig config = CoreserveConfig.of(Map.of(
                StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                CoreserveConfig.SCHEMA_REGISTRY_URL, registry.url(),
                StreamsConfig.STATE_DIR_CONFIG, temp.resolve("state").toString(),
                CoreserveConfig.PARTITIONS, "2"));
        Topics topics = config.topics();
        Path day = planetLabDay("kept-day");
        Path swf = swf();
        String[] connection = {"--bootstrap", kafka.bootstrapServers(), "--registry", registry.url()};
        try (CoreserveApp app = CoreserveApp.start(config, ReservationPipeline.forConfig(config), Duration.ofMinutes(1))) {
            try (Admin admin = admin()) {
                assertThat(TopicAdmin.risks(admin, topics.all())).as("risks of the topics the app created").isEmpty();
            }

            Run lab = run(concat(connection, "--planetlab", day.toString(), "--start", MONTH_AGO.toString(),
                    "--domain", "lab"));
            Run hpc = run(concat(connection, "--swf", swf.toString(), "--domain", "hpc", "--window", "6h"));

            assertThat(lab.exit()).as(lab.err()).isZero();
            assertThat(hpc.exit()).as(hpc.err()).isZero();
            assertThat(lab.err()).contains("to process the catalogue: 40 of 40");
            assertThat(hpc.out()).contains("Sent " + (JOBS + 10) + " records");

            List<ReservationDecision> decisions = decisions(config, JOBS);
            Set<String> decided = new HashSet<>();
            decisions.forEach(d -> decided.add(d.getRequestId()));
            assertThat(decided).hasSize(JOBS).allSatisfy(id -> assertThat(id).startsWith("swf-"));
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
                assertThat(committed("coreserve", topics.samples())).isEqualTo((long) NODES * 288);
                assertThat(committed("coreserve", topics.resources())).isEqualTo(NODES + 10L);
            });
            assertThat(endOffset(topics.deadLetter())).as("dead letters").isZero();
        }

        // A month-old record on a topic with the broker's defaults is deleted; the same retention pass has looked at
        // the pipeline's topics, which still hold every record of the replays.
        try (Admin admin = admin()) {
            admin.createTopics(List.of(new NewTopic("control", 1, (short) 1))).all().get();
        }
        Properties props = new Properties();
        props.put("bootstrap.servers", kafka.bootstrapServers());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(props, new StringSerializer(),
                new StringSerializer())) {
            producer.send(new ProducerRecord<>("control", null, MONTH_AGO.toEpochMilli(), "k", "old")).get();
        }
        await().atMost(Duration.ofSeconds(60)).until(() -> startOffset("control") == 1);
        for (String topic : List.of(topics.resources(), topics.samples(), topics.requests(), topics.decisions())) {
            assertThat(startOffset(topic)).as("first offset of " + topic).isZero();
        }
        assertThat(endOffset(topics.samples())).isEqualTo((long) NODES * 288);
    }

    /** A PlanetLab day of {@link #NODES} nodes with random utilisation. */
    static Path planetLabDay(String name) throws Exception {
        Path dir = Files.createDirectories(temp.resolve(name));
        SplittableRandom random = new SplittableRandom(7);
        for (int n = 0; n < NODES; n++) {
            StringBuilder lines = new StringBuilder();
            for (int i = 0; i < 288; i++) {
                lines.append(random.nextInt(0, 101)).append('\n');
            }
            Files.writeString(dir.resolve(String.format("node-%03d", n)), lines);
        }
        return dir;
    }

    /** An SWF trace starting a month ago: 10 nodes of 8 cores and {@link #JOBS} jobs a minute apart. */
    static Path swf() throws Exception {
        StringBuilder s = new StringBuilder("; Version: 2.2\n; UnixStartTime: " + MONTH_AGO.getEpochSecond()
                + "\n; MaxNodes: 10\n; MaxProcs: 80\n");
        for (int j = 1; j <= JOBS; j++) {
            int procs = 1 + j % 16;
            s.append(String.format("%d %d 0 600 %d -1 -1 %d 900 -1 1 1 1 -1 -1 1 -1 -1%n", j, j * 60, procs, procs));
        }
        return Files.writeString(temp.resolve("month-old.swf"), s);
    }

    record Run(int exit, String out, String err) {
    }

    /** {@code replay} with its stdout and stderr captured. */
    static synchronized Run run(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream capturedOut = new ByteArrayOutputStream();
        ByteArrayOutputStream capturedErr = new ByteArrayOutputStream();
        int exit;
        try {
            System.setOut(new PrintStream(capturedOut, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(capturedErr, true, StandardCharsets.UTF_8));
            exit = new CommandLine(new ReplayCommand()).execute(args);
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        return new Run(exit, capturedOut.toString(StandardCharsets.UTF_8), capturedErr.toString(StandardCharsets.UTF_8));
    }

    static String[] concat(String[] a, String... b) {
        List<String> all = new ArrayList<>(List.of(a));
        all.addAll(List.of(b));
        return all.toArray(String[]::new);
    }

    static Admin admin() {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()));
    }

    static long endOffset(String topic) throws Exception {
        return offsets(topic, OffsetSpec.latest());
    }

    static long startOffset(String topic) throws Exception {
        return offsets(topic, OffsetSpec.earliest());
    }

    /** Summed over the topic's partitions. */
    static long offsets(String topic, OffsetSpec spec) throws Exception {
        try (Admin admin = admin()) {
            int partitions = admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic).partitions().size();
            Map<TopicPartition, OffsetSpec> request = new java.util.HashMap<>();
            for (int p = 0; p < partitions; p++) {
                request.put(new TopicPartition(topic, p), spec);
            }
            return admin.listOffsets(request).all().get().values().stream().mapToLong(i -> i.offset()).sum();
        }
    }

    /** The group's committed offsets on the topic, summed over partitions. */
    static long committed(String group, String topic) throws Exception {
        try (Admin admin = admin()) {
            Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata().get();
            return offsets.entrySet().stream().filter(e -> e.getKey().topic().equals(topic))
                    .mapToLong(e -> e.getValue().offset()).sum();
        }
    }

    /** Reads decisions (read_committed) until at least {@code count} distinct requests are decided. */
    static List<ReservationDecision> decisions(CoreserveConfig config, int count) {
        Properties props = ClientSettings.consumer(config);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "decisions-reader");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        List<ReservationDecision> all = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        try (KafkaConsumer<String, ReservationDecision> consumer = new KafkaConsumer<>(props, new StringDeserializer(),
                new EventSerdes(config).decisions().deserializer())) {
            consumer.subscribe(List.of(config.topics().decisions()));
            await().atMost(Duration.ofSeconds(90)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(r -> {
                    all.add(r.value());
                    ids.add(r.value().getRequestId());
                });
                return ids.size() >= count;
            });
        }
        return all;
    }
}
