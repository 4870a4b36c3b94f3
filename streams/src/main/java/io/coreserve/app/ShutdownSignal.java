package io.coreserve.app;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Blocks the main thread until Ctrl-C (SIGINT/SIGTERM) or until the pipeline stops on its own, and makes the
 * JVM's shutdown wait for the main thread's clean-up: a shutdown hook that returned at once would let the JVM
 * halt half-way through closing the pipeline, the registry and the broker.
 */
public final class ShutdownSignal implements AutoCloseable {

    private static final Duration CLEAN_UP_LIMIT = Duration.ofSeconds(60);

    private final CountDownLatch stopRequested = new CountDownLatch(1);
    private final CountDownLatch cleanedUp = new CountDownLatch(1);

    public ShutdownSignal() {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stopRequested.countDown();
            try {
                cleanedUp.await(CLEAN_UP_LIMIT.toSeconds(), TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "coreserve-shutdown"));
    }

    /** Waits for Ctrl-C or for {@code runner} to stop by itself. */
    public void await(StreamsRunner runner) throws InterruptedException {
        Thread watcher = new Thread(() -> {
            try {
                runner.awaitStop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            stopRequested.countDown();
        }, "coreserve-watch-streams");
        watcher.setDaemon(true);
        watcher.start();
        stopRequested.await();
    }

    /** Call once everything is closed (try-with-resources does, last). */
    @Override
    public void close() {
        cleanedUp.countDown();
    }
}
