package io.coreserve.identity;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.CancelRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.topology.EventSerdes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import javax.crypto.SecretKey;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The deserializer's contract with the pipeline, record by record (no broker: see IdentityOnSecuredBrokerTest). */
class AuthenticatingCommandDeserializerTest {

    private static final String TOPIC = "coreserve.requests";

    @TempDir
    Path keysDir;

    private final SecretKey alice = SigningKeys.generate();
    private final SecretKey bob = SigningKeys.generate();
    private final SecretKey replay = SigningKeys.generate();
    private Serializer<ReservationCommand> serializer;

    @BeforeEach
    void publishKeys() {
        UserKeyDirectory keys = new UserKeyDirectory(keysDir);
        keys.put("alice", alice);
        keys.put("bob", bob);
        keys.put("replay", replay);
        serializer = serdes(false).commands().serializer();
    }

    private EventSerdes serdes(boolean authEnabled) {
        Map<String, String> settings = new HashMap<>(Map.of(CoreserveConfig.SCHEMA_REGISTRY_URL, "mock://identity-unit",
                AuthSettings.ENABLED, Boolean.toString(authEnabled), AuthSettings.OPERATORS, "replay"));
        settings.put(AuthSettings.KEYS_DIR, keysDir.toString());
        return new EventSerdes(CoreserveConfig.of(settings));
    }

    private Deserializer<ReservationCommand> verifying() {
        return serdes(true).authenticatedCommands().deserializer();
    }

    private byte[] cancel(String requestId, String user) {
        return serializer.serialize(TOPIC, ReservationCommand.newBuilder().setCommand(CancelRequest.newBuilder()
                .setRequestId(requestId).setUser(user).setRequestedAt(Instant.ofEpochMilli(1_000)).build()).build());
    }

    private static Headers signed(String signer, SecretKey key, String topic, byte[] value) {
        Headers headers = new RecordHeaders();
        CommandSignature.put(headers, signer, CommandSignature.sign(key, topic, signer, value));
        return headers;
    }

    private static String userOf(ReservationCommand command) {
        return ((CancelRequest) command.getCommand()).getUser();
    }

    private static String authError(Headers headers) {
        Header header = headers.lastHeader(AuthenticatingCommandDeserializer.AUTH_ERROR_HEADER);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }

    @Test
    void shouldAcceptACommandSignedByItsOwnUser() {
        byte[] value = cancel("r1", "alice");
        Headers headers = signed("alice", alice, TOPIC, value);

        ReservationCommand command = verifying().deserialize(TOPIC, headers, value);

        assertThat(authError(headers)).isNull();
        assertThat(userOf(command)).isEqualTo("alice");
    }

    @Test
    void shouldRefuseBobsCommandThatClaimsToBeAlices() {
        byte[] value = cancel("r1", "alice");
        Headers headers = signed("bob", bob, TOPIC, value);

        ReservationCommand command = verifying().deserialize(TOPIC, headers, value);

        assertThat(authError(headers)).isEqualTo("signed by 'bob' but claims to be from user 'alice'");
        assertThat(userOf(command)).as("body passed on unchanged").isEqualTo("alice");
    }

    private byte[] coReservation(String user, String srl) {
        return serializer.serialize(TOPIC, ReservationCommand.newBuilder().setCommand(
                io.coreserve.events.CoReservationRequest.newBuilder().setRequestId("c1").setUser(user).setSrl(srl)
                        .setSubmittedAt(Instant.ofEpochMilli(1_000)).build()).build());
    }

    @Test
    void shouldAuthenticateTheSrlBranchLikeEveryCommandItsTextIncluded() {
        byte[] value = coReservation("alice", "IBM.TS.duration = 6h");
        Headers own = signed("alice", alice, TOPIC, value);
        Headers bobs = signed("bob", bob, TOPIC, value);
        Headers changed = signed("alice", alice, TOPIC, value);

        verifying().deserialize(TOPIC, own, value);
        verifying().deserialize(TOPIC, bobs, value);
        verifying().deserialize(TOPIC, changed, coReservation("alice", "IBM.TS.duration = 9h"));

        assertThat(authError(own)).isNull();
        assertThat(authError(bobs)).isEqualTo("signed by 'bob' but claims to be from user 'alice'");
        assertThat(authError(changed)).isEqualTo("the signature of 'alice' does not verify");
    }

    @Test
    void shouldRefuseBobsKeyUnderAlicesName() {
        byte[] value = cancel("r1", "alice");
        Headers headers = new RecordHeaders();
        CommandSignature.put(headers, "alice", CommandSignature.sign(bob, TOPIC, "alice", value));

        verifying().deserialize(TOPIC, headers, value);

        assertThat(authError(headers)).isEqualTo("the signature of 'alice' does not verify");
    }

    @Test
    void shouldRefuseAnUnsignedCommand() {
        Headers headers = new RecordHeaders();

        ReservationCommand command = verifying().deserialize(TOPIC, headers, cancel("r1", "alice"));

        assertThat(authError(headers)).startsWith("unsigned");
        assertThat(userOf(command)).isEqualTo("alice");
    }

    @Test
    void shouldRefuseAValueChangedAfterSigning() {
        byte[] signedValue = cancel("r1", "alice");
        Headers headers = signed("alice", alice, TOPIC, signedValue);

        verifying().deserialize(TOPIC, headers, cancel("r2", "alice"));

        assertThat(authError(headers)).isEqualTo("the signature of 'alice' does not verify");
    }

    @Test
    void shouldRefuseASignatureMadeForAnotherTopic() {
        byte[] value = cancel("r1", "alice");
        Headers headers = signed("alice", alice, "other-topic", value);

        verifying().deserialize(TOPIC, headers, value);

        assertThat(authError(headers)).isEqualTo("the signature of 'alice' does not verify");
    }

    @Test
    void shouldRefuseASignerWithoutAPublicKeyAndNoticeARevokedKey() throws Exception {
        SecretKey carol = SigningKeys.generate();
        byte[] value = cancel("r1", "carol");
        Headers unknown = signed("carol", carol, TOPIC, value);
        verifying().deserialize(TOPIC, unknown, value);
        assertThat(authError(unknown)).isEqualTo("unknown signer 'carol': no key");

        Deserializer<ReservationCommand> deserializer = verifying();
        byte[] alices = cancel("r1", "alice");
        Headers before = signed("alice", alice, TOPIC, alices);
        deserializer.deserialize(TOPIC, before, alices);
        Files.delete(keysDir.resolve("alice.key"));
        Headers after = signed("alice", alice, TOPIC, alices);
        deserializer.deserialize(TOPIC, after, alices);

        assertThat(authError(before)).isNull();
        assertThat(authError(after)).isEqualTo("unknown signer 'alice': no key");
    }

    @Test
    void shouldRefuseARepeatedSignerHeader() {
        byte[] value = cancel("r1", "alice");
        Headers headers = signed("alice", alice, TOPIC, value);
        headers.add(CommandSignature.SIGNER_HEADER, "bob".getBytes(StandardCharsets.UTF_8));

        verifying().deserialize(TOPIC, headers, value);

        assertThat(authError(headers)).startsWith("malformed signature");
    }

    @Test
    void shouldLetAnOperatorActForAnyUserAndKeepTheDeclaredUser() {
        byte[] value = cancel("r1", "alice");
        Headers headers = signed("replay", replay, TOPIC, value);

        ReservationCommand command = verifying().deserialize(TOPIC, headers, value);

        assertThat(authError(headers)).isNull();
        assertThat(userOf(command)).isEqualTo("alice");
    }

    @Test
    void shouldRemoveAnAuthErrorHeaderSentByAProducer() {
        byte[] value = cancel("r1", "alice");
        Headers forgedOnGood = signed("alice", alice, TOPIC, value);
        forgedOnGood.add(AuthenticatingCommandDeserializer.AUTH_ERROR_HEADER, "forged".getBytes(StandardCharsets.UTF_8));
        Headers forgedOnBad = signed("bob", bob, TOPIC, value);
        forgedOnBad.add(AuthenticatingCommandDeserializer.AUTH_ERROR_HEADER, "forged".getBytes(StandardCharsets.UTF_8));

        verifying().deserialize(TOPIC, forgedOnGood, value);
        verifying().deserialize(TOPIC, forgedOnBad, value);

        assertThat(forgedOnGood.headers(AuthenticatingCommandDeserializer.AUTH_ERROR_HEADER)).isEmpty();
        assertThat(forgedOnBad.headers(AuthenticatingCommandDeserializer.AUTH_ERROR_HEADER))
                .extracting(h -> new String(h.value(), StandardCharsets.UTF_8))
                .containsExactly("signed by 'bob' but claims to be from user 'alice'");
    }

    @Test
    void shouldPassEverythingWhenAuthenticationIsOffButStillDropForgedHeaders() {
        Headers headers = new RecordHeaders();
        headers.add(AuthenticatingCommandDeserializer.AUTH_ERROR_HEADER, "forged".getBytes(StandardCharsets.UTF_8));

        ReservationCommand command = serdes(false).authenticatedCommands().deserializer()
                .deserialize(TOPIC, headers, cancel("r1", "alice"));

        assertThat(authError(headers)).isNull();
        assertThat(userOf(command)).isEqualTo("alice");
    }

    @Test
    void shouldGiveTheSameVerdictWhenARecordIsReadTwice() {
        byte[] value = cancel("r1", "alice");
        Headers headers = signed("bob", bob, TOPIC, value);
        Deserializer<ReservationCommand> deserializer = verifying();

        deserializer.deserialize(TOPIC, headers, value);
        deserializer.deserialize(TOPIC, headers, value);

        assertThat(headers.headers(AuthenticatingCommandDeserializer.AUTH_ERROR_HEADER)).hasSize(1);
    }
}
