package io.coreserve.identity;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.SecretKey;

/**
 * Users' signing keys as the pipeline holds them, one {@code NAME.key} file each in a directory that only the
 * pipeline's account may read. A key is read when first needed and read again
 * when its file changes, so {@code coreserve user add} takes effect without a restart, and removing a file revokes
 * the key at the next command. Thread-safe: Kafka Streams shares one deserializer between its threads.
 */
public final class UserKeyDirectory {

    static final String SUFFIX = ".key";

    private final Path dir;
    private final Map<String, Cached> cache = new ConcurrentHashMap<>();

    private record Cached(FileTime modified, SecretKey key) {
    }

    public UserKeyDirectory(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    /** The key of {@code user}, or empty if the name is invalid or has no key file. */
    public Optional<SecretKey> find(String user) {
        if (!UserNames.isValid(user)) {
            return Optional.empty();
        }
        Path file = dir.resolve(user + SUFFIX);
        FileTime modified;
        try {
            modified = Files.getLastModifiedTime(file);
        } catch (NoSuchFileException e) {
            cache.remove(user);
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        Cached cached = cache.get(user);
        if (cached != null && cached.modified().equals(modified)) {
            return Optional.of(cached.key());
        }
        try {
            SecretKey key = SigningKeys.decode(Files.readString(file, StandardCharsets.US_ASCII));
            cache.put(user, new Cached(modified, key));
            return Optional.of(key);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** Writes (or replaces) {@code user}'s key, readable by its owner only. */
    public void put(String user, SecretKey key) {
        Path file = dir.resolve(UserNames.require(user) + SUFFIX);
        try {
            Files.createDirectories(dir);
            Credentials.restrict(dir);
            Path tmp = Files.createTempFile(dir, user, ".tmp"); // owner-only from the start
            Files.writeString(tmp, SigningKeys.encode(key) + "\n", StandardCharsets.US_ASCII);
            Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
