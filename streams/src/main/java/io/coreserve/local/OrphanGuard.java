package io.coreserve.local;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * A Java agent in every child JVM of the local stack that ends the child when the JVM that started it is gone,
 * however it went: a shutdown hook cannot run after SIGKILL, but the kernel then closes the pipe of the child's
 * stdin, and the child sees end-of-file. As a second signal it also polls the parent's pid.
 *
 * <p>It runs inside the broker and the registry, which know nothing of coreserve, so it is one class that uses
 * nothing but the JDK; {@link #jar(Path)} writes it as an agent jar ({@code -javaagent:JAR=PARENT_PID}). It
 * reports on stderr, which the launcher appends to the child's log, because the child's logging library is not
 * ours to pick. It exits through {@link System#exit} so that the child's own shutdown hooks run (a broker then
 * shuts down cleanly), with {@link Runtime#halt} as a backstop if they hang.
 */
public final class OrphanGuard {

    static final String JAR_NAME = "coreserve-orphan-guard.jar";
    private static final long POLL_MILLIS = 1_000;
    private static final long HALT_AFTER_MILLIS = 20_000;

    private OrphanGuard() {
    }

    /** Agent entry point: {@code args} is the parent's pid. */
    public static void premain(String args) {
        long parentPid = Long.parseLong(args.trim());
        daemon("orphan-guard-stdin", () -> {
            try {
                while (System.in.read() >= 0) {
                    // Nobody writes to our stdin; end-of-file is the signal.
                }
            } catch (IOException e) {
                // a broken pipe means the same as end-of-file
            }
            parentGone("stdin closed, parent pid " + parentPid + " is gone");
        });
        daemon("orphan-guard-pid", () -> {
            while (ProcessHandle.of(parentPid).map(ProcessHandle::isAlive).orElse(false)) {
                try {
                    Thread.sleep(POLL_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
            parentGone("parent pid " + parentPid + " is gone");
        });
    }

    private static synchronized void parentGone(String why) {
        System.err.println("[coreserve orphan guard] " + why + "; stopping this process");
        daemon("orphan-guard-halt", () -> {
            try {
                Thread.sleep(HALT_AFTER_MILLIS);
            } catch (InterruptedException e) {
                // halt anyway
            }
            System.err.println("[coreserve orphan guard] shutdown hooks still running after "
                    + HALT_AFTER_MILLIS + " ms; halting");
            Runtime.getRuntime().halt(3);
        });
        System.exit(3);
    }

    private static void daemon(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Writes the agent jar (this class and a manifest naming it) into {@code dir} and returns its path. Written
     * to a temporary file and moved into place, so that a child starting at the same time never reads half a jar.
     */
    static Path jar(Path dir) {
        String classFile = OrphanGuard.class.getSimpleName() + ".class";
        String entry = OrphanGuard.class.getName().replace('.', '/') + ".class";
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Premain-Class", OrphanGuard.class.getName());
        Path target = dir.resolve(JAR_NAME);
        try (InputStream bytes = OrphanGuard.class.getResourceAsStream(classFile)) {
            if (bytes == null) {
                throw new IllegalStateException("cannot read " + entry + " from the classpath");
            }
            Files.createDirectories(dir);
            Path temp = Files.createTempFile(dir, JAR_NAME, ".tmp");
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(temp), manifest)) {
                out.putNextEntry(new JarEntry(entry));
                bytes.transferTo(out);
                out.closeEntry();
            }
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target, e);
        }
    }
}
