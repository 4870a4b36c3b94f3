package io.coreserve.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.coreserve.app.CoreserveApp;
import io.coreserve.app.EventProducer;
import io.coreserve.catalogue.DemoCatalogue;
import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.Resource;
import io.coreserve.reservation.ReservationPipeline;
import io.coreserve.reservation.ReservationQueries;
import io.coreserve.routing.DomainKey;
import io.coreserve.routing.DomainPartitioner;
import io.coreserve.topology.EventSerdes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 9, item 2: the catalogue survives compaction. Given a resources topic that the broker compacts as soon as it
 * can (short segments, any dirty ratio, a cleaner that wakes every 100 ms), When two versions of every resource of
 * two domains (on two partitions) have been written and compaction has removed the older ones, Then a fresh instance
 * (new application id, empty state directory) builds a catalogue of every resource, each in its latest version.
 * Keyed by domain, as before, compaction would have kept one resource per domain.
 */
@Tag("integration")
class CompactedCatalogueTest {

    private static final int PARTITIONS = 2;
    private static final long SEGMENT_MS = 60_000L;

    @TempDir
    static Path temp;

    private static PipelineStack stack;

    @BeforeAll
    static void start() throws Exception {
        stack = PipelineStack.start(temp, Map.of("log.cleaner.backoff.ms", "100"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (stack != null) {
            stack.close();
        }
    }

    /** A domain that the default partitioner puts on another partition than "default". */
    private static String otherDomain() {
        int ofDefault = DomainPartitioner.partition("default".getBytes(StandardCharsets.UTF_8), PARTITIONS);
        return Stream.iterate(0, i -> i + 1).map(i -> "site-" + i)
                .filter(d -> DomainPartitioner.partition(d.getBytes(StandardCharsets.UTF_8), PARTITIONS) != ofDefault)
                .findFirst().orElseThrow();
    }

    @Test
    void shouldRebuildEveryResourceOfACompactedCatalogueInAFreshInstance() throws Exception {
        String name = "compaction";
        String resourcesTopic = name + ".resources";
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", stack.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(resourcesTopic, PARTITIONS, (short) 1).configs(Map.of(
                    TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT,
                    TopicConfig.SEGMENT_MS_CONFIG, Long.toString(SEGMENT_MS),
                    TopicConfig.MIN_CLEANABLE_DIRTY_RATIO_CONFIG, "0.001",
                    TopicConfig.MIN_COMPACTION_LAG_MS_CONFIG, "0",
                    TopicConfig.DELETE_RETENTION_MS_CONFIG, "0")))).all().get();
        }
        CoreserveConfig writer = stack.config(name, temp.resolve("writer"), PARTITIONS, Map.of());
        Instant now = Instant.now();
        String other = otherDomain();
        List<Resource> first = new ArrayList<>(DemoCatalogue.generate(120, "default", 1L, now));
        first.addAll(DemoCatalogue.generate(80, other, 2L, now));
        // Given the first version of every resource, written as the application writes catalogues...
        EventProducer.sendResources(writer, first);
        // ... then a second version of each, and a last resource per domain: each batch stamped a segment later, so
        // the broker rolls a segment before it and the first two batches become cleanable.
        List<Resource> second = first.stream().map(r -> Resource.newBuilder(r).setCluster("v2").build()).toList();
        send(writer, second, now.plusMillis(SEGMENT_MS + 1_000));
        List<Resource> last = List.of(resource("last-default", "default", now), resource("last-other", other, now));
        send(writer, last, now.plusMillis(2 * SEGMENT_MS + 2_000));
        int expected = first.size() + last.size();

        // When compaction has run: the older version of every resource is gone from the topic.
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(500))
                .until(() -> recordsOn(writer, resourcesTopic).size() == expected);
        List<ConsumerRecord<String, byte[]>> compacted = recordsOn(writer, resourcesTopic);
        Set<String> keys = new HashSet<>();
        compacted.forEach(r -> keys.add(r.key()));
        assertThat(keys).hasSize(expected).contains(DomainKey.of(other, "last-other"));
        assertThat(compacted).allSatisfy(r -> assertThat(r.partition()).isEqualTo(DomainPartitioner.partition(
                DomainKey.domainOf(r.key()).getBytes(StandardCharsets.UTF_8), PARTITIONS)));

        // Then a fresh instance builds the whole catalogue, in the latest version of each resource.
        CoreserveConfig fresh = stack.config(name, temp.resolve("fresh"), PARTITIONS, Map.of(
                StreamsConfig.APPLICATION_ID_CONFIG, "coreserve-compaction-fresh",
                io.coreserve.config.Settings.OFFERS_ENABLED, "false"));
        try (CoreserveApp app = CoreserveApp.start(fresh, ReservationPipeline.forConfig(fresh), Duration.ofMinutes(2))) {
            ReservationQueries queries = ReservationPipeline.forConfig(fresh).queries(store -> app.runner().streams()
                    .store(StoreQueryParameters.fromNameAndType(store, QueryableStoreTypes.keyValueStore())));
            await().atMost(Duration.ofSeconds(60)).until(() -> queries.resources(null).size() == expected);
            assertThat(queries.resources("default")).hasSize(121);
            assertThat(queries.resources(other)).hasSize(81)
                    .filteredOn(r -> !r.getId().startsWith("last-")).allSatisfy(r ->
                            assertThat(r.getCluster()).isEqualTo("v2"));
        }
    }

    private static Resource resource(String id, String domain, Instant now) {
        return Resource.newBuilder().setId(id).setDomain(domain).setProperties(Map.of("cores", 1.0)).setUpdatedAt(now)
                .build();
    }

    /** Writes {@code resources} as {@link EventProducer} does, but stamped {@code at}. */
    private static void send(CoreserveConfig config, List<Resource> resources, Instant at) {
        Properties props = ClientSettings.producer(config);
        props.put(ProducerConfig.PARTITIONER_CLASS_CONFIG, DomainPartitioner.class.getName());
        try (KafkaProducer<String, Resource> producer = new KafkaProducer<>(props, new StringSerializer(),
                new EventSerdes(config).resources().serializer())) {
            for (Resource r : resources) {
                producer.send(new ProducerRecord<>(config.topics().resources(), null, at.toEpochMilli(),
                        DomainKey.of(r.getDomain(), r.getId()), r));
            }
            producer.flush();
        }
    }

    private static List<ConsumerRecord<String, byte[]>> recordsOn(CoreserveConfig config, String topic) {
        Properties props = ClientSettings.consumer(config);
        props.remove(ConsumerConfig.GROUP_ID_CONFIG);
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        List<ConsumerRecord<String, byte[]>> all = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(props, new StringDeserializer(),
                new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
            while (partitions.stream().anyMatch(p -> consumer.position(p) < ends.get(p))) {
                consumer.poll(Duration.ofMillis(200)).forEach(all::add);
            }
        }
        return all;
    }
}
