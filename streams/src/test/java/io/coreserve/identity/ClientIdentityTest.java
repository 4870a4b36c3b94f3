package io.coreserve.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.coreserve.identity.ClientIdentity.Role;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the CLI finds whom it acts as: the rules of {@link ClientIdentity}. */
class ClientIdentityTest {

    private static final String DEV = "127.0.0.1:43851";

    @TempDir
    Path dir;
    private CredentialStore local;

    @BeforeEach
    void devMadeCredentials() {
        local = CredentialStore.create(dir.resolve("local"));
        local.ensureUser("carol");
        local.ensureUser("coreserve-operator");
        local.setLocalUser("carol");
        local.setOperator("coreserve-operator");
        local.setBootstrap(DEV);
    }

    @Test
    void shouldActAsTheLocalUserOfDevsCredentialsWhenTalkingToDev() {
        ClientIdentity identity = ClientIdentity.resolve(null, null, local.dir(), DEV, null, Role.LOCAL_USER);

        assertThat(identity.user()).isEqualTo("carol");
        assertThat(identity.settings()).containsEntry("security.protocol", "SASL_PLAINTEXT")
                .containsEntry("sasl.mechanism", "SCRAM-SHA-256")
                .containsEntry(AuthSettings.SIGNING_CREDENTIALS, local.fileOf("carol").toString());
        assertThat(identity.settings().get("sasl.jaas.config")).contains("username=\"carol\"");
    }

    @Test
    void shouldLeaveAnotherClusterAlone() {
        assertThat(ClientIdentity.resolve(null, null, local.dir(), "kafka.example.org:9092", null, Role.LOCAL_USER))
                .isEqualTo(ClientIdentity.NONE);
        assertThat(ClientIdentity.resolve(null, null, dir.resolve("none"), DEV, null, Role.LOCAL_USER))
                .isEqualTo(ClientIdentity.NONE);
    }

    @Test
    void shouldActAsTheOperatorForReplays() {
        assertThat(ClientIdentity.resolve(null, null, local.dir(), DEV, null, Role.OPERATOR).user())
                .isEqualTo("coreserve-operator");
    }

    @Test
    void shouldNeedTheOtherUsersCredentialsToActAsThem() {
        assertThatThrownBy(() -> ClientIdentity.resolve(null, null, local.dir(), DEV, "alice", Role.LOCAL_USER))
                .hasMessageContaining("no credentials for user 'alice'").hasMessageContaining("coreserve user add alice");

        local.ensureUser("alice");
        assertThat(ClientIdentity.resolve(null, null, local.dir(), DEV, "alice", Role.LOCAL_USER).user())
                .isEqualTo("alice");
    }

    @Test
    void shouldPreferAnExplicitDirectoryToTheConfiguredOneAndTheConfiguredOneToDevs() {
        CredentialStore explicit = CredentialStore.create(dir.resolve("explicit"));
        explicit.ensureUser("bob");
        explicit.setLocalUser("bob");
        CredentialStore configured = CredentialStore.create(dir.resolve("configured"));
        configured.ensureUser("dave");
        configured.setLocalUser("dave");

        assertThat(ClientIdentity.resolve(explicit.dir(), configured.dir().toString(), local.dir(), "elsewhere:9092",
                null, Role.LOCAL_USER).user()).isEqualTo("bob");
        assertThat(ClientIdentity.resolve(null, configured.dir().toString(), local.dir(), "elsewhere:9092",
                null, Role.LOCAL_USER).user()).isEqualTo("dave");
        assertThatThrownBy(() -> ClientIdentity.resolve(dir.resolve("missing"), null, local.dir(), DEV, null,
                Role.LOCAL_USER)).hasMessageContaining("does not exist");
    }

    @Test
    void shouldKeepCredentialsPrivate() throws Exception {
        assertThat(java.nio.file.Files.getPosixFilePermissions(local.fileOf("carol")))
                .containsExactlyInAnyOrder(java.nio.file.attribute.PosixFilePermission.OWNER_READ,
                        java.nio.file.attribute.PosixFilePermission.OWNER_WRITE);
        assertThat(Credentials.read(local.fileOf("carol")).signingKey().getEncoded())
                .isEqualTo(local.require("carol").signingKey().getEncoded()).hasSize(32);
    }
}
