package io.coreserve.reservation;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Topics;
import io.coreserve.events.AcceptCounterOffer;
import io.coreserve.events.CancelRequest;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.Notification;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.Resource;
import io.coreserve.routing.DomainKey;
import io.coreserve.serde.InMemorySchemaRegistryClient;
import io.coreserve.topology.DomainEventHandler;
import io.coreserve.topology.EventSerdes;
import io.coreserve.topology.PipelineTopology;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checks every command passes before its handler: user-scoped ids, refusals under the command's own id,
 * authentication, routing by domain and field limits. Given four nodes of 9 cores in all, When commands arrive,
 * Then each gets the answer its checks call for and nothing booked changes.
 */
class CommandChecksTest {

    /** Its own state directory: test runs in parallel JVMs would otherwise share the default one. */
    @TempDir
    java.nio.file.Path stateDir;
    @TempDir
    java.nio.file.Path keysDir;
    /** Signs the commands of the checks under test: an operator keeps the declared user, whatever it is. */
    private final javax.crypto.SecretKey operator = io.coreserve.identity.SigningKeys.generate();
    private final javax.crypto.SecretKey bob = io.coreserve.identity.SigningKeys.generate();

    private static final Instant T0 = Instant.parse("2026-11-21T08:00:00Z");
    private static final long HOUR = 3_600_000L;

    private final String scope = "checks-" + UUID.randomUUID();
    private TopologyTestDriver driver;
    private EventSerdes serdes;
    private ReservationQueries queries;
    private TestInputTopic<String, Resource> resources;
    private TestInputTopic<String, byte[]> commands;
    private TestOutputTopic<String, ReservationDecision> decisions;
    private String requestsTopic;
    private TestOutputTopic<String, Notification> notifications;

    @BeforeEach
    void startDriver() {
        CoreserveConfig config = CoreserveConfig.of(Map.of(
                StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092",
                StreamsConfig.STATE_DIR_CONFIG, stateDir.toString(),
                CoreserveConfig.SCHEMA_REGISTRY_URL, "mock://" + scope,
                ReservationSettings.PROPERTIES, "cores,memory_gb",
                io.coreserve.identity.AuthSettings.ENABLED, "true",
                io.coreserve.identity.AuthSettings.KEYS_DIR, keysDir.toString(),
                io.coreserve.identity.AuthSettings.OPERATORS, "checks-operator"));
        new io.coreserve.identity.UserKeyDirectory(keysDir).put("checks-operator", operator);
        new io.coreserve.identity.UserKeyDirectory(keysDir).put("bob", bob);
        Topics topics = config.topics();
        requestsTopic = topics.requests();
        serdes = new EventSerdes(config);
        ReservationPipeline pipeline = ReservationPipeline.forConfig(config);
        driver = new TopologyTestDriver(PipelineTopology.build(topics, serdes, pipeline.handlers(), pipeline.stores()),
                config.streamsProperties(), T0);
        queries = pipeline.queries(name -> driver.getKeyValueStore(name));
        var keys = Serdes.String();
        resources = driver.createInputTopic(topics.resources(), keys.serializer(), serdes.resources().serializer());
        commands = driver.createInputTopic(topics.requests(), keys.serializer(),
                new org.apache.kafka.common.serialization.ByteArraySerializer());
        decisions = driver.createOutputTopic(topics.decisions(), keys.deserializer(), serdes.decisions().deserializer());
        notifications = driver.createOutputTopic(topics.notifications(), keys.deserializer(),
                serdes.notifications().deserializer());
        int i = 0;
        for (double cores : new double[] {4, 2, 2, 1}) {
            String id = "n" + ++i;
            resources.pipeInput(DomainKey.of("default", id), Resource.newBuilder().setId(id).setDomain("default")
                    .setProperties(Map.of("cores", cores, "memory_gb", 8.0)).setUpdatedAt(T0).build(), T0);
        }
    }

    @AfterEach
    void close() {
        driver.close();
        InMemorySchemaRegistryClient.dropScope(scope);
    }

    private static CoAllocationRequest.Builder request(String id, String user, int n, double totalCores) {
        return CoAllocationRequest.newBuilder()
                .setRequestId(id).setUser(user).setDomain("default")
                .setDurationMillis(2 * HOUR).setResourceCount(n)
                .setEarliestStart(T0).setLatestStart(T0)
                .setMinimums(Map.of("cores", 1.0))
                .setTotals(Map.of("cores", totalCores))
                .setSubmittedAt(T0);
    }

    private ReservationDecision send(String key, Object command) {
        return sendSigned(key, command, "checks-operator", operator);
    }

    private ReservationDecision send(Object command) {
        return send("default", command);
    }

    /** A command as the requests topic carries it: Avro bytes with the signer's name and signature in headers. */
    private ReservationDecision sendSigned(String key, Object command, String signer, javax.crypto.SecretKey signingKey) {
        byte[] value = serialized(command);
        RecordHeaders headers = new RecordHeaders();
        if (signer != null) {
            io.coreserve.identity.CommandSignature.put(headers, signer,
                    io.coreserve.identity.CommandSignature.sign(signingKey, requestsTopic, signer, value));
        }
        commands.pipeInput(new TestRecord<>(key, value, headers, T0));
        return decisions.readValue();
    }

    private byte[] serialized(Object command) {
        return serdes.commands().serializer().serialize(requestsTopic,
                ReservationCommand.newBuilder().setCommand(command).build());
    }

    @Test
    void shouldDecideAnotherUsersRequestOfTheSameIdOnItsOwnAndKeepEachUsersDecision() {
        ReservationDecision alices = send(request("job-1", "alice", 4, 9).build());
        ReservationDecision bobs = send(request("job-1", "bob", 1, 1).build());

        assertThat(alices.getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
        // Had bob got alice's decision again, it would be ACCEPTED on 4 nodes; all 9 cores are alice's, so no.
        assertThat(bobs.getUser()).isEqualTo("bob");
        assertThat(bobs.getStatus()).isNotEqualTo(ReservationStatus.ACCEPTED);
        assertThat(queries.reservation(null, "alice", "job-1")).contains(alices);
        assertThat(queries.reservation("default", "bob", "job-1")).contains(bobs);
        assertThat(queries.reservation(null, "carol", "job-1")).isEmpty();
    }

    @Test
    void shouldRefuseAnotherUsersCancellationUnderTheCommandsOwnIdAndKeepTheReservation() {
        ReservationDecision alices = send(request("job-1", "alice", 4, 9).build());
        notifications.readValuesToList();

        ReservationDecision refused = send(CancelRequest.newBuilder().setRequestId("job-1").setUser("bob")
                .setRequestedAt(T0).build());

        assertThat(refused.getStatus()).isEqualTo(ReservationStatus.REJECTED);
        assertThat(refused.getReasonCode()).isEqualTo("CANCEL_REFUSED");
        assertThat(refused.getRequestId()).isEqualTo("job-1#cancel");
        assertThat(refused.getUser()).isEqualTo("bob");
        assertThat(queries.reservation(null, "alice", "job-1")).contains(alices);
        assertThat(notifications.isEmpty()).isTrue();
        // Nothing was released: a request for any core still finds none free.
        assertThat(send(request("probe", "carol", 1, 1).build()).getStatus()).isNotEqualTo(ReservationStatus.ACCEPTED);
    }

    @Test
    void shouldRefuseAnAcceptanceOfNoOfferUnderTheCommandsOwnId() {
        send(request("job-1", "alice", 4, 9).build());

        ReservationDecision refused = send(AcceptCounterOffer.newBuilder().setRequestId("job-1").setUser("alice")
                .setStart(T0).setAcceptedAt(T0).build());

        assertThat(refused.getReasonCode()).isEqualTo("ACCEPT_REFUSED");
        assertThat(refused.getRequestId()).isEqualTo("job-1#accept");
        assertThat(queries.reservation(null, "alice", "job-1").orElseThrow().getStatus())
                .isEqualTo(ReservationStatus.ACCEPTED);
    }

    @Test
    void shouldRejectAnUnauthenticatedCommandWithoutStoringOrChangingAnything() {
        ReservationDecision alices = send(request("job-1", "alice", 4, 9).build());

        ReservationDecision forgedCancel = sendSigned("default", CancelRequest.newBuilder().setRequestId("job-1")
                .setUser("alice").setRequestedAt(T0).build(), "bob", bob);
        ReservationDecision forgedRequest = sendSigned("default", request("job-2", "alice", 1, 1).build(), null, null);

        assertThat(forgedCancel.getReasonCode()).isEqualTo("UNAUTHENTICATED");
        assertThat(forgedCancel.getField()).isEqualTo("user");
        assertThat(forgedCancel.getRequestId()).isEqualTo("job-1#cancel");
        assertThat(forgedCancel.getMessage()).contains("signed by 'bob' but claims to be from user 'alice'");
        assertThat(forgedRequest.getReasonCode()).isEqualTo("UNAUTHENTICATED");
        assertThat(forgedRequest.getRequestId()).isEqualTo("job-2");
        assertThat(queries.reservation(null, "alice", "job-1")).contains(alices);
        assertThat(queries.reservation(null, "alice", "job-2")).isEmpty();
        // The refusal was not stored: alice's own job-2, once authenticated, is decided (cancelled first to free room).
        send(CancelRequest.newBuilder().setRequestId("job-1").setUser("alice").setRequestedAt(T0).build());
        assertThat(send(request("job-2", "alice", 1, 1).build()).getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
    }

    @Test
    void shouldRejectACommandNotKeyedByItsDomainSayingSo() {
        ReservationDecision d = send("job-1", request("job-1", "alice", 1, 1).build());

        assertThat(d.getStatus()).isEqualTo(ReservationStatus.REJECTED);
        assertThat(d.getReasonCode()).isEqualTo("WRONG_KEY");
        assertThat(d.getField()).isEqualTo("domain");
        assertThat(d.getMessage()).contains("keyed 'job-1'").contains("'default'");
        assertThat(queries.reservation(null, "alice", "job-1")).isEmpty();
        assertThat(send(request("job-1", "alice", 1, 1).build()).getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
    }

    @Test
    void shouldAnswerA600KilobyteIdWithASmallDecisionThatNamesTheFieldAndShortensTheId() {
        String huge = "x".repeat(600_000);

        ReservationDecision d = send(request(huge, "alice", 1, 1).build());

        assertThat(d.getStatus()).isEqualTo(ReservationStatus.REJECTED);
        assertThat(d.getReasonCode()).isEqualTo("INVALID_REQUEST");
        assertThat(d.getField()).isEqualTo("requestId");
        assertThat(d.getMessage()).contains("at most " + FieldLimits.MAX_ID).contains("600000").contains("shortened");
        assertThat(d.getRequestId()).startsWith("xxxx").contains("600000 chars").contains("sha-256");
        assertThat(serdes.decisions().serializer().serialize("d", d).length).isLessThan(2_000);
        // The same request again gets the same answer, and the books are untouched.
        assertThat(send(request(huge, "alice", 1, 1).build())).isEqualTo(d);
        assertThat(send(request("fine", "alice", 4, 9).build()).getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
    }

    @Test
    void shouldRejectOverLongFreeTextAndTooManyEntriesNamingFieldAndRule() {
        ReservationDecision email = send(request("e", "alice", 1, 1).setEmail("a".repeat(300) + "@example.org").build());
        Map<String, String> labels = new HashMap<>();
        for (int i = 0; i <= FieldLimits.MAX_ENTRIES; i++) {
            labels.put("label" + i, "v");
        }
        ReservationDecision many = send(request("l", "alice", 1, 1).setRequirements(labels).build());
        ReservationDecision longUser = send(request("u", "u".repeat(FieldLimits.MAX_USER + 1), 1, 1).build());
        ReservationDecision controlId = send(request("a" + DomainKey.SEPARATOR + "b", "alice", 1, 1).build());
        ReservationDecision reason = send(CancelRequest.newBuilder().setRequestId("e").setUser("alice")
                .setReason("r".repeat(FieldLimits.MAX_TEXT + 1)).setRequestedAt(T0).build());

        assertThat(email.getReasonCode()).isEqualTo("INVALID_REQUEST");
        assertThat(email.getField()).isEqualTo("email");
        assertThat(email.getMessage()).contains("at most " + FieldLimits.MAX_EMAIL);
        assertThat(many.getField()).isEqualTo("requirements");
        assertThat(many.getMessage()).contains("at most " + FieldLimits.MAX_ENTRIES + " entries");
        assertThat(longUser.getField()).isEqualTo("user");
        assertThat(controlId.getField()).isEqualTo("requestId");
        assertThat(controlId.getMessage()).contains("control characters");
        assertThat(controlId.getRequestId()).doesNotContain(String.valueOf(DomainKey.SEPARATOR));
        assertThat(reason.getField()).isEqualTo("reason");
        assertThat(reason.getRequestId()).isEqualTo("e#cancel");
    }

    @Test
    void shouldRefuseAResourceKeyedForAnotherDomainOrIdAndStillReadOneKeyedByItsDomainAlone() {
        // Refused records go to the dead-letter topic on a broker (TopologyTestDriver drops them after the handler).
        resources.pipeInput(DomainKey.of("east", "n9"), node("n9"), T0);
        resources.pipeInput(DomainKey.of("default", "n1"), node("n10"), T0);
        resources.pipeInput("default", node("n11"), T0);

        assertThat(queries.resources("default")).extracting(Resource::getId)
                .containsExactlyInAnyOrder("n1", "n2", "n3", "n4", "n11");
        assertThat(queries.resources(null)).hasSize(5);
    }

    private static Resource node(String id) {
        return Resource.newBuilder().setId(id).setDomain("default").setProperties(Map.of("cores", 8.0))
                .setUpdatedAt(T0).build();
    }
}
