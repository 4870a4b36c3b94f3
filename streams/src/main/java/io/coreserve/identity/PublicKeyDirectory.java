package io.coreserve.identity;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.PublicKey;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Users' public keys, one {@code NAME.pub} file each in a directory. A key is read when first needed and read again
 * when its file changes, so {@code coreserve user add} takes effect without a restart, and removing a file revokes
 * the key at the next command. Thread-safe: Kafka Streams shares one deserializer between its threads.
 */
public final class PublicKeyDirectory {

    static final String SUFFIX = ".pub";

    private final Path dir;
    private final Map<String, Cached> cache = new ConcurrentHashMap<>();

    private record Cached(FileTime modified, PublicKey key) {
    }

    public PublicKeyDirectory(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    /** The key of {@code user}, or empty if the name is invalid or has no key file. */
    public Optional<PublicKey> find(String user) {
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
            PublicKey key = SigningKeys.publicKey(Files.readString(file, StandardCharsets.US_ASCII));
            cache.put(user, new Cached(modified, key));
            return Optional.of(key);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** Writes (or replaces) {@code user}'s public key. */
    public void put(String user, PublicKey key) {
        Path file = dir.resolve(UserNames.require(user) + SUFFIX);
        try {
            Files.createDirectories(dir);
            // Public: readable by the pipeline whoever runs it (a temp file starts owner-only).
            Path tmp = Files.createTempFile(dir, user, ".tmp");
            try {
                Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            } catch (UnsupportedOperationException e) {
                // not POSIX: nothing to loosen
            }
            Files.writeString(tmp, SigningKeys.encode(key) + "\n", StandardCharsets.US_ASCII);
            Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
