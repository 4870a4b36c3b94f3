package io.coreserve.vgrid;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.VirtualGridBinding;
import io.coreserve.events.VirtualGridRequest;
import io.coreserve.identity.AuthSettings;
import io.coreserve.identity.AuthenticatingCommandDeserializer;
import io.coreserve.identity.CommandSignature;
import io.coreserve.identity.Credentials;
import io.coreserve.identity.SigningKeys;
import io.coreserve.identity.UserKeyDirectory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import javax.crypto.SecretKey;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Virtual grid requests are signed and verified as commands on the requests topic are: with
 * {@code coreserve.auth.enabled}, a request whose signature is missing or wrong, or whose signer is not its user, is
 * {@code REJECTED UNAUTHENTICATED} (field user) and nothing is bound or booked; a request signed by its user is
 * decided exactly as without authentication. The spec's four domains, B's first cluster busy (see
 * {@link VirtualGridPipelineTest}).
 */
class VirtualGridAuthenticationTest {

    @TempDir
    Path temp;

    private final SecretKey alice = SigningKeys.generate();
    private final SecretKey bob = SigningKeys.generate();
    private Path keys;

    @BeforeEach
    void publishKeys() {
        keys = temp.resolve("keys");
        new UserKeyDirectory(keys).put("alice", alice);
        new UserKeyDirectory(keys).put("bob", bob);
    }

    /** The application with authentication on, plus {@code extra}. */
    private VirtualGridDriver verifying(String scope, Map<String, String> extra) {
        Map<String, String> settings = new HashMap<>(extra);
        settings.put(AuthSettings.ENABLED, "true");
        settings.put(AuthSettings.KEYS_DIR, keys.toString());
        return scenario(new VirtualGridDriver(temp.resolve(scope), scope, settings));
    }

    private static VirtualGridDriver scenario(VirtualGridDriver vg) {
        vg.catalogue();
        vg.busy("B", 0);
        return vg;
    }

    private static VirtualGridRequest grid(String id, String user) {
        return VirtualGridDriver.request(id, user, VirtualGridDriver.FOUR_CLUSTERS, 2, VirtualGridBinding.INTEGRATED);
    }

    private static Headers signed(String signer, SecretKey key, String topic, byte[] value) {
        Headers headers = new RecordHeaders();
        CommandSignature.put(headers, signer, CommandSignature.sign(key, topic, signer, value));
        return headers;
    }

    private static void assertUnauthenticated(VirtualGridDriver vg, String id, String why) {
        ReservationDecision decision = vg.decisionOf(id);
        assertThat(decision).as("a decision for %s", id).isNotNull();
        assertThat(decision.getStatus()).isEqualTo(ReservationStatus.REJECTED);
        assertThat(decision.getReasonCode()).isEqualTo("UNAUTHENTICATED");
        assertThat(decision.getField()).isEqualTo("user");
        assertThat(decision.getUser()).isEqualTo("alice");
        assertThat(decision.getMessage()).startsWith("the sender of this command could not be authenticated: ")
                .contains(why).endsWith("; nothing was changed");
        assertThat(vg.commands.readValuesToList()).as("bind commands").isEmpty();
        assertThat(vg.heldBookings(id)).as("bookings").isEmpty();
    }

    @Test
    void shouldDecideARequestSignedByItsUserAsWithoutAuthentication() {
        ReservationDecision unsignedWithoutAuthentication;
        try (VirtualGridDriver vg = scenario(new VirtualGridDriver(temp.resolve("plain"), "vg-auth-plain", Map.of()))) {
            vg.submit("grid-1", VirtualGridDriver.FOUR_CLUSTERS, 2, VirtualGridBinding.INTEGRATED);
            unsignedWithoutAuthentication = vg.decisionOf("grid-1");
        }
        Path credentials = temp.resolve("alice.properties");
        new Credentials("alice", "SASL_PLAINTEXT", Credentials.SCRAM_SHA_256, "secret", alice).write(credentials);

        // The client's serde signs as the CLI's does (submit --vgdl): the credentials' key, headers, topic in the MAC.
        try (VirtualGridDriver vg = verifying("vg-auth-signed",
                Map.of(AuthSettings.SIGNING_CREDENTIALS, credentials.toString()))) {
            vg.submit("grid-1", VirtualGridDriver.FOUR_CLUSTERS, 2, VirtualGridBinding.INTEGRATED);

            ReservationDecision decision = vg.decisionOf("grid-1");
            assertThat(decision.getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
            assertThat(decision).isEqualTo(unsignedWithoutAuthentication);
            assertThat(vg.heldBookings("grid-1")).hasSize(4);
        }
    }

    @Test
    void shouldRefuseBobsRequestThatSaysItIsAlicesAndStillDecideHersLater() {
        try (VirtualGridDriver vg = verifying("vg-auth-bob", Map.of())) {
            String topic = vg.config.topics().vgridRequests();
            byte[] value = vg.serialized(grid("grid-1", "alice"));

            vg.submitRaw("grid-1", value, signed("bob", bob, topic, value));

            assertUnauthenticated(vg, "grid-1", "signed by 'bob' but claims to be from user 'alice'");

            // The refusal was not stored: alice's own request with that id is decided as any other.
            vg.submitRaw("grid-1", value, signed("alice", alice, topic, value));
            assertThat(vg.decisionOf("grid-1").getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
            assertThat(vg.heldBookings("grid-1")).hasSize(4);
        }
    }

    @Test
    void shouldRefuseARequestChangedAfterItWasSigned() {
        try (VirtualGridDriver vg = verifying("vg-auth-changed", Map.of())) {
            String topic = vg.config.topics().vgridRequests();
            byte[] signedValue = vg.serialized(grid("grid-1", "alice"));
            VirtualGridRequest longer = grid("grid-1", "alice");
            longer.setDurationMillis(7_200_000L);

            vg.submitRaw("grid-1", vg.serialized(longer), signed("alice", alice, topic, signedValue));

            assertUnauthenticated(vg, "grid-1", "the signature of 'alice' does not verify");
        }
    }

    @Test
    void shouldRefuseAnUnsignedRequest() {
        try (VirtualGridDriver vg = verifying("vg-auth-unsigned", Map.of())) {
            vg.submit("grid-1", VirtualGridDriver.FOUR_CLUSTERS, 2, VirtualGridBinding.INTEGRATED);

            assertUnauthenticated(vg, "grid-1", "unsigned: the command has no coreserve-signer and "
                    + "coreserve-signature headers");
        }
    }

    @Test
    void shouldSkipUnreadableBytesAndKeepDeciding() {
        // As on the requests topic: the deserialization handler sends them to the dead-letter topic (which
        // TopologyTestDriver does not route), even when their signature holds.
        try (VirtualGridDriver vg = verifying("vg-auth-garbage", Map.of())) {
            String topic = vg.config.topics().vgridRequests();
            byte[] garbage = "not avro at all".getBytes(StandardCharsets.UTF_8);
            byte[] value = vg.serialized(grid("grid-1", "alice"));

            vg.submitRaw("grid-0", garbage, signed("alice", alice, topic, garbage));
            vg.submitRaw("grid-1", value, signed("alice", alice, topic, value));

            assertThat(vg.decisionOf("grid-0")).isNull();
            assertThat(vg.decisionOf("grid-1").getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
        }
    }

    @Test
    void shouldIgnoreAnAuthErrorHeaderFromAProducerWhenAuthenticationIsOff() {
        try (VirtualGridDriver vg = scenario(new VirtualGridDriver(temp.resolve("off"), "vg-auth-off", Map.of()))) {
            Headers forged = new RecordHeaders();
            forged.add(AuthenticatingCommandDeserializer.AUTH_ERROR_HEADER, "forged".getBytes(StandardCharsets.UTF_8));

            vg.submitRaw("grid-1", vg.serialized(grid("grid-1", "alice")), forged);

            assertThat(vg.decisionOf("grid-1").getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
        }
    }
}
