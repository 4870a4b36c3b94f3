package io.coreserve.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.coreserve.app.CoreserveApp;
import io.coreserve.app.EventProducer;
import io.coreserve.catalogue.DemoCatalogue;
import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.deadletter.DeadLetter;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.reservation.ReservationPipeline;
import io.coreserve.serde.ReadLimits;
import io.coreserve.serde.RestSchemaRegistryClient;
import io.coreserve.testing.TcpProxy;
import io.coreserve.topology.EventSerdes;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.apache.avro.Schema;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A request written with a new (compatible) schema id while the pipeline cannot reach the schema registry is
 * decided once the registry is back, and never dead-lettered. The app reaches the real registry through a proxy
 * that is taken down and brought back: restarting the registry itself would lose its schemas (it keeps them in
 * memory), and the writer registers its new schema directly. The outage outlasts the reader's registry wait, so
 * the stream thread gives up on the record for now, is replaced, and reads it again from the last committed offset.
 */
@Tag("integration")
class RegistryOutageTest {

    private static final Duration WAIT = Duration.ofMinutes(3);

    @TempDir
    static Path temp;

    @Test
    void shouldDecideARequestWrittenWithANewSchemaIdDuringARegistryOutageOnceTheRegistryIsBack() throws Exception {
        try (PipelineStack stack = PipelineStack.start(temp); TcpProxy proxy = TcpProxy.to(
                URI.create(stack.registryUrl()).getPort())) {
            Map<String, String> extra = throughProxy(stack, proxy);
            // The replaced thread's member stays in the group until its session times out: keep that short here.
            extra.put(StreamsConfig.mainConsumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG), "6000");
            extra.put(StreamsConfig.mainConsumerPrefix(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG), "1000");
            CoreserveConfig appConfig = stack.config("outage", temp.resolve("state"), 1, extra);
            CoreserveConfig writerConfig = appConfig.with(CoreserveConfig.SCHEMA_REGISTRY_URL, stack.registryUrl());
            EventProducer.sendResources(writerConfig, DemoCatalogue.generate(10, Workload.DOMAIN, 7L, Instant.now()));

            try (CoreserveApp app = CoreserveApp.start(appConfig, ReservationPipeline.forConfig(appConfig), WAIT);
                    DecisionsCollector decisions = new DecisionsCollector(writerConfig)) {
                EventProducer.sendCommand(writerConfig, Workload.DOMAIN, command(request("before-outage")));
                awaitDecision(decisions, "before-outage");
                String requests = appConfig.topics().requests();
                byte[] withNewSchema = withNewCompatibleSchema(stack.registryUrl(), requests,
                        new EventSerdes(writerConfig).commands().serializer().serialize(requests,
                                command(request("during-outage"))));

                proxy.down();
                long offset = send(writerConfig, requests, withNewSchema);
                // Down for longer than the reader waits: nothing is decided and nothing dead-lettered meanwhile.
                await().dontCatchUncaughtExceptions().during(Duration.ofSeconds(10)).atMost(Duration.ofSeconds(30))
                        .until(() -> decisions.drain(Duration.ofMillis(100)).stream()
                                .noneMatch(d -> d.getRequestId().equals("during-outage"))
                                && deadLetters(writerConfig).isEmpty());
                proxy.up();

                ReservationDecision decided = awaitDecision(decisions, "during-outage");
                assertThat(decided.getStatus().toString()).isEqualTo("ACCEPTED");
                assertThat(deadLetters(writerConfig)).noneMatch(l -> requests.equals(DeadLetter.header(l.headers(),
                        DeadLetter.TOPIC)) && Long.toString(offset).equals(DeadLetter.header(l.headers(),
                        DeadLetter.OFFSET)));
                assertThat(app.runner().failure()).isNull();
                assertThat(app.runner().streams().state()).isEqualTo(KafkaStreams.State.RUNNING);
                // The stream thread gave up on the record (at least once) and was replaced.
                assertThat(app.runner().threadReplacements()).isPositive();
                assertThat(decisions.drain(Duration.ofSeconds(1))).filteredOn(d -> d.getRequestId().equals("during-outage"))
                        .hasSize(1);
            }
        }
    }

    /**
     * A fresh instance (new state directory, a registry client of its own) started while the registry is down: its
     * global store (the virtual grids' catalogue) reads the catalogue from the topic and cannot without the registry.
     * The global thread, which Kafka Streams cannot replace as it replaces a stream thread, stopped the whole app at
     * once; it now waits for the registry, and the app decides once it is back.
     */
    @Test
    void shouldStartAFreshInstanceWhileTheRegistryIsDownAndDecideOnceItIsBack() throws Exception {
        java.nio.file.Files.createDirectories(temp.resolve("fresh"));
        try (PipelineStack stack = PipelineStack.start(temp.resolve("fresh")); TcpProxy proxy = TcpProxy.to(
                URI.create(stack.registryUrl()).getPort())) {
            Map<String, String> extra = throughProxy(stack, proxy);
            CoreserveConfig first = stack.config("fresh", temp.resolve("fresh-state-1"), 1, extra);
            CoreserveConfig writerConfig = first.with(CoreserveConfig.SCHEMA_REGISTRY_URL, stack.registryUrl());
            EventProducer.sendResources(writerConfig, DemoCatalogue.generate(10, Workload.DOMAIN, 7L, Instant.now()));
            try (CoreserveApp app = CoreserveApp.start(first, ReservationPipeline.forConfig(first), WAIT);
                    DecisionsCollector decisions = new DecisionsCollector(writerConfig)) {
                EventProducer.sendCommand(writerConfig, Workload.DOMAIN, command(request("first-instance")));
                awaitDecision(decisions, "first-instance");
            }
            String mirror = first.topics().vgridCatalogue();
            assertThat(endOffset(writerConfig, mirror)).as("the catalogue mirrored for the global store").isPositive();

            // A registry client of its own, as a new process has: serdes share one per URL and timeout in a JVM.
            extra.put(io.coreserve.serde.AvroSerdeConfig.REQUEST_TIMEOUT_MS, "4999");
            CoreserveConfig fresh = stack.config("fresh", temp.resolve("fresh-state-2"), 1, extra);
            proxy.down();
            CompletableFuture<CoreserveApp> starting = CompletableFuture.supplyAsync(() -> {
                try {
                    return CoreserveApp.start(fresh, ReservationPipeline.forConfig(fresh), WAIT);
                } catch (Exception e) {
                    throw new CompletionException(e);
                }
            });
            // Its global store reads the catalogue and cannot without the registry: it waits, nothing fails.
            await().dontCatchUncaughtExceptions().during(Duration.ofSeconds(8)).atMost(Duration.ofSeconds(20))
                    .until(() -> !starting.isCompletedExceptionally() && (!starting.isDone()
                            || starting.join().runner().failure() == null
                            && starting.join().runner().streams().state().isRunningOrRebalancing()));
            proxy.up();

            try (CoreserveApp app = starting.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
                    DecisionsCollector decisions = new DecisionsCollector(writerConfig)) {
                EventProducer.sendCommand(writerConfig, Workload.DOMAIN, command(request("fresh-instance")));
                assertThat(awaitDecision(decisions, "fresh-instance").getStatus().toString()).isEqualTo("ACCEPTED");
                assertThat(app.runner().failure()).isNull();
                assertThat(app.runner().streams().state()).isEqualTo(KafkaStreams.State.RUNNING);
            }
        }
    }

    /** The app's settings: the registry reached through {@code proxy}, and a reader that waits 1 s for it. */
    private static Map<String, String> throughProxy(PipelineStack stack, TcpProxy proxy) {
        String proxied = stack.registryUrl().replace(":" + URI.create(stack.registryUrl()).getPort(),
                ":" + proxy.port());
        Map<String, String> extra = new HashMap<>();
        extra.put(io.coreserve.config.Settings.OFFERS_ENABLED, "false");
        extra.put(CoreserveConfig.SCHEMA_REGISTRY_URL, proxied);
        extra.put(ReadLimits.REGISTRY_WAIT, "PT1S");
        return extra;
    }

    private static long endOffset(CoreserveConfig config, String topic) {
        Properties props = ClientSettings.consumer(config);
        props.remove(ConsumerConfig.GROUP_ID_CONFIG);
        try (var consumer = new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            return consumer.endOffsets(partitions).values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /**
     * {@code framed} re-framed under a new schema id: the same command schema with one more optional field at the end
     * of the request (written as null), registered directly with the registry as a writer would.
     */
    private static byte[] withNewCompatibleSchema(String registryUrl, String topic, byte[] framed) throws Exception {
        ObjectMapper json = new ObjectMapper();
        ObjectNode command = (ObjectNode) json.readTree(ReservationCommand.getClassSchema().toString());
        ObjectNode request = (ObjectNode) ((ArrayNode) command.get("fields").get(0).get("type")).get(0);
        ObjectNode note = json.createObjectNode().put("name", "note");
        note.putArray("type").add("null").add("string");
        note.putNull("default");
        ((ArrayNode) request.get("fields")).add(note);
        Schema evolved = new Schema.Parser().parse(command.toString());
        int id = new RestSchemaRegistryClient(registryUrl).register(topic + "-value", evolved);
        int oldId = ByteBuffer.wrap(framed, 1, 4).getInt();
        assertThat(id).isNotEqualTo(oldId);
        // The request is the command's last value: its new last field follows directly (union branch 0, null).
        return ByteBuffer.allocate(framed.length + 1).put((byte) 0).putInt(id).put(framed, 5, framed.length - 5)
                .put((byte) 0).array();
    }

    private static CoAllocationRequest request(String id) {
        return Workload.oneNode(id);
    }

    private static ReservationCommand command(CoAllocationRequest request) {
        return Workload.command(request);
    }

    private static long send(CoreserveConfig config, String topic, byte[] value) throws Exception {
        Properties props = ClientSettings.producer(config);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        try (var producer = new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer())) {
            return producer.send(new ProducerRecord<>(topic, Workload.DOMAIN.getBytes(StandardCharsets.UTF_8), value))
                    .get().offset();
        }
    }

    private static ReservationDecision awaitDecision(DecisionsCollector decisions, String requestId) {
        // A replaced stream thread ends by rethrowing its error (Kafka Streams' way): not a test failure here.
        return await().dontCatchUncaughtExceptions().atMost(WAIT).until(() -> decisions.drain(Duration.ofMillis(200))
                .stream().filter(d -> d.getRequestId().equals(requestId)).findFirst().orElse(null), Objects::nonNull);
    }

    private static List<ConsumerRecord<byte[], byte[]>> deadLetters(CoreserveConfig config) {
        TopicPartition tp = new TopicPartition(config.topics().deadLetter(), 0);
        Properties props = ClientSettings.consumer(config);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.remove(ConsumerConfig.GROUP_ID_CONFIG);
        List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
        try (var consumer = new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            long end = consumer.endOffsets(List.of(tp)).get(tp);
            while (consumer.position(tp) < end) {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
            }
        }
        return records;
    }
}
