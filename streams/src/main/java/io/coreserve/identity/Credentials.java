package io.coreserve.identity;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import javax.crypto.SecretKey;

/**
 * What a client needs to act as one user: a SASL login (SCRAM-SHA-256 for users and operators; PLAIN for the
 * app's own principal in {@code dev}) and, for anyone who sends commands, the key that signs them.
 * Stored as a properties file readable by its owner only.
 *
 * @param signingKey null for a principal that never signs (the app)
 */
public record Credentials(String user, String securityProtocol, String mechanism, String password,
        SecretKey signingKey) {

    public static final String SCRAM_SHA_256 = "SCRAM-SHA-256";
    public static final String PLAIN = "PLAIN";

    public Credentials {
        UserNames.require(user);
    }

    /**
     * The client settings that log in as this user. The password is quoted into a JAAS line, so it is
     * restricted to characters that need no escaping (generated passwords are base64url).
     */
    public Map<String, String> clientSettings() {
        if (!password.matches("[A-Za-z0-9_\\-+/=.]+")) {
            throw new IllegalArgumentException("password of " + user + " has characters that cannot go in a JAAS line");
        }
        String module = PLAIN.equals(mechanism) ? "org.apache.kafka.common.security.plain.PlainLoginModule"
                : "org.apache.kafka.common.security.scram.ScramLoginModule";
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("security.protocol", securityProtocol);
        settings.put("sasl.mechanism", mechanism);
        settings.put("sasl.jaas.config", module + " required username=\"" + user + "\" password=\"" + password + "\";");
        return settings;
    }

    public static Credentials read(Path file) {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read credentials " + file, e);
        }
        String key = p.getProperty("signing.key");
        return new Credentials(p.getProperty("user"), p.getProperty("security.protocol", "SASL_PLAINTEXT"),
                p.getProperty("sasl.mechanism", SCRAM_SHA_256), p.getProperty("sasl.password"),
                key == null || key.isBlank() ? null : SigningKeys.decode(key));
    }

    /** Writes the file with owner-only permissions (where the file system has POSIX permissions). */
    public void write(Path file) {
        Properties p = new Properties();
        p.setProperty("user", user);
        p.setProperty("security.protocol", securityProtocol);
        p.setProperty("sasl.mechanism", mechanism);
        p.setProperty("sasl.password", password);
        if (signingKey != null) {
            p.setProperty("signing.key", SigningKeys.encode(signingKey));
        }
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), user, ".tmp");
            restrict(tmp);
            try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                p.store(out, "coreserve credentials of " + user + ": keep private");
            }
            Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write credentials " + file, e);
        }
    }

    static void restrict(Path path) {
        try {
            boolean dir = Files.isDirectory(path);
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(dir ? "rwx------" : "rw-------"));
        } catch (UnsupportedOperationException | IOException e) {
            // not a POSIX file system: the directory's own protection applies
        }
    }

    @Override
    public String toString() {
        return "Credentials[" + user + ", " + mechanism + (signingKey != null ? ", signs" : "") + "]";
    }
}
