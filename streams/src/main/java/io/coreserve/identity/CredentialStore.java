package io.coreserve.identity;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * A directory of credentials, one {@code NAME.properties} per principal (see {@link Credentials}), plus:
 * {@code local-user} (whom the CLI acts as by default), {@code operator} (whom {@code replay} acts as) and
 * {@code bootstrap} (the cluster these credentials are for; the CLI only picks the directory up by itself when it
 * talks to that cluster). {@code coreserve dev} keeps one in {@code <data-dir>/credentials}.
 */
public final class CredentialStore {

    /** Where the CLI looks when no {@code --credentials} is given: {@code dev}'s default data directory. */
    public static final Path DEFAULT_DIR = Path.of(".coreserve", "credentials");

    private static final String SUFFIX = ".properties";
    private static final String LOCAL_USER = "local-user";
    private static final String OPERATOR = "operator";
    private static final String BOOTSTRAP = "bootstrap";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path dir;

    private CredentialStore(Path dir) {
        this.dir = dir;
    }

    public static CredentialStore open(Path dir) {
        return new CredentialStore(dir.toAbsolutePath().normalize());
    }

    /** Creates the directory (owner-only) if it does not exist. */
    public static CredentialStore create(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir, e);
        }
        Credentials.restrict(dir);
        return open(dir);
    }

    public Path dir() {
        return dir;
    }

    public Path fileOf(String user) {
        return dir.resolve(UserNames.require(user) + SUFFIX);
    }

    public Optional<Credentials> find(String user) {
        if (!UserNames.isValid(user) || !Files.isRegularFile(fileOf(user))) {
            return Optional.empty();
        }
        return Optional.of(Credentials.read(fileOf(user)));
    }

    public Credentials require(String user) {
        return find(user).orElseThrow(() -> new IllegalArgumentException("no credentials for user '" + user + "' in "
                + dir + "; create them with: coreserve user add " + user));
    }

    /** The user's credentials, created (random SCRAM password, new signing key) if there are none yet. */
    public Credentials ensureUser(String user) {
        return find(user).orElseGet(() -> {
            Credentials created = new Credentials(user, "SASL_PLAINTEXT", Credentials.SCRAM_SHA_256, randomPassword(),
                    SigningKeys.generate());
            created.write(fileOf(user));
            return created;
        });
    }

    /** A principal that logs in with PLAIN and never signs (the app's own principal in {@code dev}). */
    public Credentials ensurePlainPrincipal(String user) {
        return find(user).orElseGet(() -> {
            Credentials created = new Credentials(user, "SASL_PLAINTEXT", Credentials.PLAIN, randomPassword(), null);
            created.write(fileOf(user));
            return created;
        });
    }

    public List<String> users() {
        try (var files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(SUFFIX))
                    .map(n -> n.substring(0, n.length() - SUFFIX.length())).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    public Optional<String> localUser() {
        return readName(LOCAL_USER);
    }

    public void setLocalUser(String user) {
        writeName(LOCAL_USER, UserNames.require(user));
    }

    public Optional<String> operator() {
        return readName(OPERATOR);
    }

    public void setOperator(String user) {
        writeName(OPERATOR, UserNames.require(user));
    }

    public Optional<String> bootstrap() {
        return readName(BOOTSTRAP);
    }

    public void setBootstrap(String bootstrapServers) {
        writeName(BOOTSTRAP, bootstrapServers);
    }

    private Optional<String> readName(String file) {
        Path path = dir.resolve(file);
        try {
            return Files.isRegularFile(path) ? Optional.of(Files.readString(path, StandardCharsets.UTF_8).trim())
                    .filter(s -> !s.isEmpty()) : Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path, e);
        }
    }

    private void writeName(String file, String value) {
        try {
            Files.writeString(dir.resolve(file), value + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir.resolve(file), e);
        }
    }

    static String randomPassword() {
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
