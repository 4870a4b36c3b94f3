package io.coreserve.local;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds what the {@code registry/} and {@code broker/} modules build: first a system property, then an
 * environment variable, then by searching upward from the working directory for a path relative to the
 * project root (so it works from the root, from a module directory and from surefire).
 */
final class LocalArtifacts {

    private LocalArtifacts() {
    }

    /**
     * @param property system property naming the directory
     * @param env environment variable naming the directory
     * @param relative the directory relative to the project root, e.g. {@code registry/target/quarkus-app}
     * @param marker a file that must exist inside the directory for it to count
     * @param howToBuild the command that builds it, for the error message
     */
    static Path locate(String property, String env, String relative, String marker, String howToBuild) {
        String configured = Optional.ofNullable(System.getProperty(property))
                .filter(s -> !s.isBlank())
                .orElseGet(() -> System.getenv(env));
        if (configured != null && !configured.isBlank()) {
            Path dir = Path.of(configured).toAbsolutePath().normalize();
            if (!Files.exists(dir.resolve(marker))) {
                throw new IllegalStateException(dir.resolve(marker) + " does not exist (from " + property + " / " + env
                        + "). Build it with: " + howToBuild);
            }
            return dir;
        }
        Path start = Path.of(System.getProperty("user.dir")).toAbsolutePath().normalize();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(relative);
            if (Files.exists(candidate.resolve(marker))) {
                return candidate;
            }
        }
        throw new IllegalStateException("cannot find " + relative + "/" + marker + " in " + start
                + " or any directory above it. Build it from the project root with: " + howToBuild
                + " (or point the system property " + property + " or the environment variable " + env
                + " at the directory)");
    }
}
