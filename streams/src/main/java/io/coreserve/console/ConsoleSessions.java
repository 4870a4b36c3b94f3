package io.coreserve.console;

import io.coreserve.identity.AuthSettings;
import io.coreserve.identity.SigningKeys;
import io.coreserve.identity.UserKeyDirectory;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.SecretKey;

/**
 * Who is logged in to the console: a user proves who they are with their signing key (the one in the pipeline's
 * key directory, which {@code bin/coreserve} signs with), and gets a random session id kept in memory only (a
 * restart logs everybody out). Without {@code coreserve.auth.enabled} the pipeline verifies nothing, so there is
 * nothing to check a key against: any user name is accepted and commands go unsigned, as from the CLI.
 */
public final class ConsoleSessions {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final UserKeyDirectory keys;
    private final Map<String, String> users = new ConcurrentHashMap<>();

    /** {@code keys} is null when authentication is off. */
    ConsoleSessions(UserKeyDirectory keys) {
        this.keys = keys;
    }

    public static ConsoleSessions of(AuthSettings auth) {
        return new ConsoleSessions(auth.enabled() ? new UserKeyDirectory(auth.keysDir()) : null);
    }

    boolean authenticating() {
        return keys != null;
    }

    /** A new session id when {@code key} (base64, as in the key file) is {@code user}'s key, else empty. */
    Optional<String> login(String user, String key) {
        if (user == null || user.isBlank()) {
            return Optional.empty();
        }
        if (keys != null && !keyMatches(user, key)) {
            return Optional.empty();
        }
        byte[] id = new byte[32];
        RANDOM.nextBytes(id);
        String session = Base64.getUrlEncoder().withoutPadding().encodeToString(id);
        users.put(session, user);
        return Optional.of(session);
    }

    private boolean keyMatches(String user, String key) {
        Optional<SecretKey> known = keys.find(user);
        if (known.isEmpty() || key == null) {
            return false;
        }
        try {
            return MessageDigest.isEqual(known.get().getEncoded(), SigningKeys.decode(key.trim()).getEncoded());
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    Optional<String> user(String session) {
        return session == null ? Optional.empty() : Optional.ofNullable(users.get(session));
    }

    void logout(String session) {
        if (session != null) {
            users.remove(session);
        }
    }

    /** The key that signs {@code user}'s commands, or empty when authentication is off. */
    Optional<SecretKey> signingKey(String user) {
        return keys == null ? Optional.empty() : keys.find(user);
    }
}
