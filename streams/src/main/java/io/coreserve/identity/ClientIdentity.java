package io.coreserve.identity;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Whom a CLI command acts as, and the client settings that follow from it. The credentials directory is, in this
 * order: {@code --credentials DIR}, the setting {@value AuthSettings#CREDENTIALS} (environment
 * {@code CORESERVE_AUTH_CREDENTIALS}), or {@code ./.coreserve/credentials} when it was made for the cluster the
 * command talks to. With none, nothing is added: the client uses whatever {@code security.protocol}, {@code sasl.*}
 * and {@code ssl.*} settings it was given, and signs nothing unless {@value AuthSettings#SIGNING_CREDENTIALS} is set.
 *
 * @param user the user acted as, or null when no credentials directory applies
 * @param settings client settings to add (SASL login and the signing credentials file)
 */
public record ClientIdentity(String user, Map<String, String> settings) {

    public static final ClientIdentity NONE = new ClientIdentity(null, Map.of());

    /** Who acts when a command does not say. */
    public enum Role { LOCAL_USER, OPERATOR }

    /**
     * @param explicitDir {@code --credentials}, or null
     * @param configuredDir the {@value AuthSettings#CREDENTIALS} setting, or null
     * @param bootstrap the cluster the command talks to
     * @param user the user to act as, or null for {@code role}'s default
     */
    public static ClientIdentity resolve(Path explicitDir, String configuredDir, String bootstrap, String user, Role role) {
        return resolve(explicitDir, configuredDir, CredentialStore.DEFAULT_DIR, bootstrap, user, role);
    }

    static ClientIdentity resolve(Path explicitDir, String configuredDir, Path localDir, String bootstrap, String user,
            Role role) {
        Optional<CredentialStore> store = storeFor(explicitDir, configuredDir, localDir, bootstrap);
        if (store.isEmpty()) {
            return NONE;
        }
        String name = user;
        if (name == null) {
            Optional<String> byRole = role == Role.OPERATOR ? store.get().operator() : Optional.empty();
            name = byRole.or(() -> store.get().localUser()).orElseThrow(() -> new IllegalArgumentException(
                    "no user given and no local-user in " + store.get().dir()));
        }
        Credentials credentials = store.get().require(name);
        Map<String, String> settings = new LinkedHashMap<>(credentials.clientSettings());
        if (credentials.signingKey() != null) {
            settings.put(AuthSettings.SIGNING_CREDENTIALS, store.get().fileOf(name).toString());
        }
        return new ClientIdentity(name, settings);
    }

    /** For a tool without a {@code --credentials} flag: the configured or the local {@code dev} credentials. */
    public static ClientIdentity resolve(io.coreserve.config.CoreserveConfig config, Role role) {
        return resolve(null, config.get(AuthSettings.CREDENTIALS), config.get("bootstrap.servers"), null, role);
    }

    private static Optional<CredentialStore> storeFor(Path explicitDir, String configuredDir, Path localDir,
            String bootstrap) {
        if (explicitDir != null) {
            return Optional.of(existing(explicitDir));
        }
        if (configuredDir != null && !configuredDir.isBlank()) {
            return Optional.of(existing(Path.of(configuredDir)));
        }
        if (!Files.isDirectory(localDir)) {
            return Optional.empty();
        }
        CredentialStore local = CredentialStore.open(localDir);
        return local.bootstrap().filter(b -> b.equals(bootstrap)).map(b -> local);
    }

    private static CredentialStore existing(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("credentials directory " + dir + " does not exist");
        }
        return CredentialStore.open(dir);
    }
}
