package io.coreserve.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.coreserve.app.EventProducer;
import io.coreserve.app.TopicAdmin;
import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Topics;
import io.coreserve.events.CancelRequest;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.local.BrokerSecurity;
import io.coreserve.local.KafkaBrokerProcess;
import io.coreserve.topology.EventSerdes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On the real broker as {@code dev} runs it (SASL/SCRAM, StandardAuthorizer, the ACLs of {@link BrokerSecurity}):
 * bob can neither write as alice nor write where only the app may. The handlers that turn the
 * {@value AuthenticatingCommandDeserializer#AUTH_ERROR_HEADER} header into a REJECTED decision are not on this
 * branch, so the commands are checked as the pipeline's source reads them: raw record, then the deserializer.
 */
@Tag("integration")
class IdentityOnSecuredBrokerTest {

    @TempDir
    static Path data;

    private static KafkaBrokerProcess broker;
    private static BrokerSecurity security;
    private static Topics topics;
    private static CoreserveConfig app;

    @BeforeAll
    static void startSecuredBroker() throws Exception {
        security = BrokerSecurity.forDataDir(data);
        broker = KafkaBrokerProcess.start(KafkaBrokerProcess.locateLib(), data, Duration.ofSeconds(90), security);
        app = config(security.pipelineSettings());
        topics = app.topics();
        TopicAdmin.ensureTopics(ClientSettings.admin(app), topics, 1, (short) 1);
        security.provision(broker.bootstrapServers(), topics);
        List<Credentials> users = List.of(security.store().ensureUser("alice"), security.store().ensureUser("bob"));
        try (Admin admin = security.admin(broker.bootstrapServers())) {
            ScramUsers.upsert(admin, users);
        }
        users.forEach(u -> security.keys().put(u.user(), u.signingKey()));
    }

    @AfterAll
    static void stop() {
        if (broker != null) {
            broker.close();
        }
    }

    private static CoreserveConfig config(Map<String, String> extra) {
        Map<String, String> settings = new HashMap<>(extra);
        settings.put("bootstrap.servers", broker.bootstrapServers());
        settings.put(CoreserveConfig.SCHEMA_REGISTRY_URL, "mock://identity-broker");
        return CoreserveConfig.of(settings);
    }

    /** As the CLI resolves it: the credentials directory dev made, acting as {@code user}. */
    private static CoreserveConfig as(String user, ClientIdentity.Role role) {
        return config(ClientIdentity.resolve(security.store().dir(), null, broker.bootstrapServers(), user, role)
                .settings());
    }

    @Test
    void shouldTellAliceFromBobClaimingToBeAlice() throws Exception {
        CoreserveConfig alice = as("alice", ClientIdentity.Role.LOCAL_USER);
        CoreserveConfig bob = as("bob", ClientIdentity.Role.LOCAL_USER);
        CoreserveConfig operator = as(null, ClientIdentity.Role.OPERATOR);
        Map<String, String> bobUnsignedSettings = new HashMap<>(security.store().require("bob").clientSettings());
        CoreserveConfig bobUnsigned = config(bobUnsignedSettings);

        EventProducer.sendCommand(alice, "default", command(request("job-a", "alice")));
        EventProducer.sendCommand(bob, "default", command(cancel("job-a", "alice", "bob-as-alice")));
        EventProducer.sendCommand(bobUnsigned, "default", command(cancel("job-a", "alice", "bob-unsigned")));
        EventProducer.sendCommand(bob, "default", command(cancel("job-b", "bob", "bob-own")));
        EventProducer.sendCommand(operator, "default", command(cancel("job-a", "alice", "operator-for-alice")));
        replayAsOperator(operator, command(cancel("job-a", "alice", "replayed-for-alice")));

        List<String> labels = List.of("job-a", "bob-as-alice", "bob-unsigned", "bob-own", "operator-for-alice",
                "replayed-for-alice");
        List<Read> read = readRequests(labels);

        assertThat(read).extracting(Read::label, Read::user, Read::authError).containsExactly(
                org.assertj.core.api.Assertions.tuple("job-a", "alice", null),
                org.assertj.core.api.Assertions.tuple("bob-as-alice", "alice",
                        "signed by 'bob' but claims to be from user 'alice'"),
                org.assertj.core.api.Assertions.tuple("bob-unsigned", "alice",
                        "unsigned: the command has no coreserve-signer and coreserve-signature headers"),
                org.assertj.core.api.Assertions.tuple("bob-own", "bob", null),
                org.assertj.core.api.Assertions.tuple("operator-for-alice", "alice", null),
                org.assertj.core.api.Assertions.tuple("replayed-for-alice", "alice", null));
    }

    /** As {@code replay} sends: bytes serialized beforehand, signed by the producer's interceptor. */
    private static void replayAsOperator(CoreserveConfig operator, ReservationCommand command) throws Exception {
        byte[] unsigned = new EventSerdes(app).commands().serializer().serialize(topics.requests(), command);
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(ClientSettings.producer(operator),
                new StringSerializer(), new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(topics.requests(), "default", unsigned)).get();
        }
    }

    @Test
    void shouldKeepBobOffEveryTopicButTheCommands() throws Exception {
        Map<String, String> bob = security.store().require("bob").clientSettings();

        for (String topic : List.of(topics.decisions(), topics.notifications(), topics.resources(), topics.samples())) {
            assertThatThrownBy(() -> send(bob, topic)).as("bob writing to %s", topic)
                    .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(TopicAuthorizationException.class);
        }
        assertThatThrownBy(() -> readFrom(bob, topics.requests())).as("bob reading others' signed commands")
                .isInstanceOf(TopicAuthorizationException.class);
        assertThatThrownBy(() -> readFrom(bob, topics.resources())).as("bob reading the catalogue")
                .isInstanceOf(TopicAuthorizationException.class);
        EventProducer.sendCommand(as("bob", ClientIdentity.Role.LOCAL_USER), "default",
                command(cancel("job-c", "bob", "bob-may-write")));
        assertThat(readFrom(bob, topics.decisions())).as("bob may watch decisions").isNotNull();
    }

    @Test
    void shouldLetTheAppWriteDecisionsAndTheOperatorReplayTheCatalogue() throws Exception {
        Map<String, String> operator = security.store().require(BrokerSecurity.OPERATOR).clientSettings();
        send(security.appClientSettings(), topics.decisions());
        send(operator, topics.resources());
        send(operator, topics.samples());
        // bench pipeline against dev sizes its workload from the catalogue (refused before: the operator could not)
        await("the operator reading the catalogue").atMost(Duration.ofSeconds(30))
                .until(() -> !readFrom(operator, topics.resources()).isEmpty());
    }

    @Test
    void shouldLetTheOperatorReadWhatReplayChecksBeforeItSends() throws Exception {
        CoreserveConfig operator = as(null, ClientIdentity.Role.OPERATOR);

        // replay: the topics' retention against the trace's age, then the pipeline group's progress on the catalogue
        TopicAdmin.ensureTopics(ClientSettings.admin(operator), topics, 1, (short) 1);
        try (Admin admin = Admin.create(ClientSettings.admin(operator))) {
            assertThat(TopicAdmin.effectiveSettings(admin, List.of(topics.resources(), topics.decisions())))
                    .containsKeys(topics.resources(), topics.decisions());
            assertThat(admin.listConsumerGroupOffsets("coreserve").partitionsToOffsetAndMetadata().get()).isEmpty();
        }
    }

    @Test
    void shouldLetTheOperatorAloneListDeadLettersAndMoveTheStoppedPipelinesOffsets() throws Exception {
        String[] connection = {"--bootstrap", broker.bootstrapServers(), "--registry", "mock://identity-broker",
            "--credentials", security.store().dir().toString()};

        // The CLI acts as the credentials' operator for dlq (as the local user, the list was refused on dev).
        int list = io.coreserve.cli.CoreserveCommand.commandLine().execute(concat("dlq", "list", connection));

        assertThat(list).as("exit code of dlq list").isZero();
        // What dlq skip does once the pipeline is stopped: the operator may, bob may not.
        TopicPartition requests = new TopicPartition(topics.requests(), 0);
        try (Admin operator = Admin.create(ClientSettings.admin(as(null, ClientIdentity.Role.OPERATOR)));
                Admin bob = Admin.create(ClientSettings.admin(as("bob", ClientIdentity.Role.LOCAL_USER)))) {
            assertThatThrownBy(() -> bob.alterConsumerGroupOffsets("stopped-pipeline", Map.of(requests,
                    new OffsetAndMetadata(1))).all().get()).as("bob moving the pipeline's offsets")
                    .hasCauseInstanceOf(org.apache.kafka.common.errors.GroupAuthorizationException.class);
            operator.alterConsumerGroupOffsets("stopped-pipeline", Map.of(requests, new OffsetAndMetadata(1))).all()
                    .get();
            assertThat(operator.listConsumerGroupOffsets("stopped-pipeline").partitionsToOffsetAndMetadata().get())
                    .containsEntry(requests, new OffsetAndMetadata(1));
        }
    }

    private static String[] concat(String first, String second, String[] rest) {
        List<String> all = new java.util.ArrayList<>(List.of(first, second));
        all.addAll(List.of(rest));
        return all.toArray(String[]::new);
    }

    @Test
    void shouldRefuseAWrongPassword() {
        Credentials bob = security.store().require("bob");
        Credentials guess = new Credentials("bob", bob.securityProtocol(), bob.mechanism(), "not-" + bob.password(),
                null);

        assertThatThrownBy(() -> send(guess.clientSettings(), topics.requests()))
                .hasRootCauseInstanceOf(SaslAuthenticationException.class);
    }

    private record Read(String label, String user, String authError) {
    }

    private static ReservationCommand command(SpecificRecordBase body) {
        return ReservationCommand.newBuilder().setCommand(body).build();
    }

    private static CoAllocationRequest request(String id, String user) {
        return CoAllocationRequest.newBuilder().setRequestId(id).setUser(user).setDurationMillis(3_600_000L)
                .setResourceCount(1).setSubmittedAt(Instant.ofEpochMilli(1_000)).build();
    }

    /** {@code reason} labels the record for the assertions. */
    private static CancelRequest cancel(String id, String user, String reason) {
        return CancelRequest.newBuilder().setRequestId(id).setUser(user).setReason(reason)
                .setRequestedAt(Instant.ofEpochMilli(2_000)).build();
    }

    /** The requests topic as the pipeline's source reads it: the app's login, the authenticating deserializer. */
    private static List<Read> readRequests(List<String> labels) {
        Deserializer<ReservationCommand> deserializer = new EventSerdes(app).authenticatedCommands().deserializer();
        List<Read> read = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = consumer(security.appClientSettings())) {
            TopicPartition partition = new TopicPartition(topics.requests(), 0);
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    ReservationCommand command = deserializer.deserialize(record.topic(), record.headers(), record.value());
                    if (!labels.contains(labelOf(command))) {
                        continue; // another test's
                    }
                    Header error = record.headers().lastHeader(AuthenticatingCommandDeserializer.AUTH_ERROR_HEADER);
                    read.add(new Read(labelOf(command), userOf(command),
                            error == null ? null : new String(error.value(), StandardCharsets.UTF_8)));
                }
                return read.size() >= labels.size();
            });
        }
        return read;
    }

    private static String labelOf(ReservationCommand command) {
        return command.getCommand() instanceof CancelRequest c ? c.getReason() : ((CoAllocationRequest) command.getCommand()).getRequestId();
    }

    private static String userOf(ReservationCommand command) {
        return command.getCommand() instanceof CancelRequest c ? c.getUser() : ((CoAllocationRequest) command.getCommand()).getUser();
    }

    private static void send(Map<String, String> login, String topic) throws Exception {
        Properties props = new Properties();
        props.putAll(login);
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 15_000);
        props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 15_000);
        props.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(props, new StringSerializer(),
                new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(topic, "default", new byte[] {1, 2, 3})).get();
        }
    }

    private static List<ConsumerRecord<byte[], byte[]>> readFrom(Map<String, String> login, String topic) {
        try (KafkaConsumer<byte[], byte[]> consumer = consumer(login)) {
            TopicPartition partition = new TopicPartition(topic, 0);
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
            consumer.poll(Duration.ofSeconds(2)).forEach(records::add);
            return records;
        }
    }

    private static KafkaConsumer<byte[], byte[]> consumer(Map<String, String> login) {
        Properties props = new Properties();
        props.putAll(login);
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        return new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }
}
