package io.coreserve.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.identity.SigningKeys;
import io.coreserve.identity.UserKeyDirectory;
import java.nio.file.Path;
import javax.crypto.SecretKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConsoleSessionsTest {

    @TempDir
    Path keys;

    @Test
    void shouldOpenASessionOnlyForTheUsersOwnKey() {
        SecretKey alice = SigningKeys.generate();
        new UserKeyDirectory(keys).put("alice", alice);
        ConsoleSessions sessions = new ConsoleSessions(new UserKeyDirectory(keys));

        assertThat(sessions.login("alice", SigningKeys.encode(SigningKeys.generate()))).isEmpty();
        assertThat(sessions.login("bob", SigningKeys.encode(alice))).isEmpty();
        assertThat(sessions.login("alice", "not base64 !")).isEmpty();
        assertThat(sessions.login("alice", null)).isEmpty();
        String session = sessions.login("alice", SigningKeys.encode(alice)).orElseThrow();

        assertThat(session).hasSizeGreaterThanOrEqualTo(40);
        assertThat(sessions.user(session)).contains("alice");
        assertThat(sessions.signingKey("alice")).isPresent();
        sessions.logout(session);
        assertThat(sessions.user(session)).isEmpty();
    }

    @Test
    void shouldGiveEachLoginItsOwnRandomSession() {
        ConsoleSessions sessions = new ConsoleSessions(null);
        String first = sessions.login("alice", null).orElseThrow();
        String second = sessions.login("alice", null).orElseThrow();

        assertThat(first).isNotEqualTo(second);
        assertThat(sessions.user("made-up")).isEmpty();
        assertThat(sessions.signingKey("alice")).as("no auth: commands go unsigned").isEmpty();
        assertThat(sessions.login(" ", null)).isEmpty();
    }
}
