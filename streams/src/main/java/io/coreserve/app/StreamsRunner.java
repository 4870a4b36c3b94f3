package io.coreserve.app;

import io.coreserve.serde.SchemaRegistryUnavailableException;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a topology: logs state changes, shuts the client down on an uncaught error (bad records never get
 * here, the exception handlers divert them to the dead-letter topic), and closes with a timeout.
 *
 * <p>Two kinds of error are not the end: a broker that failed or timed out a request (see {@link #isBrokerTrouble}),
 * and an unreachable schema registry. The record that needed it is not bad, so the
 * exception handlers fail the task instead of dead-lettering it; here the stream thread is then replaced after a
 * back-off, and the new thread reads the record again from the last committed offset (the failed transaction was
 * aborted), until the registry answers.
 */
public final class StreamsRunner implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StreamsRunner.class);

    private final KafkaStreams streams;
    private final CountDownLatch running = new CountDownLatch(1);
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile Throwable failure;
    private final Backoff registryBackoff = new Backoff();
    private final Backoff brokerBackoff = new Backoff();
    private final AtomicInteger replacements = new AtomicInteger();

    public StreamsRunner(Topology topology, Properties properties) {
        this.streams = new KafkaStreams(topology, properties);
        streams.setStateListener((now, before) -> {
            LOG.debug("Streams state {} -> {}", before, now);
            if (now == KafkaStreams.State.RUNNING) {
                running.countDown();
            }
            if (now == KafkaStreams.State.ERROR || now == KafkaStreams.State.NOT_RUNNING) {
                stopped.countDown();
            }
        });
        streams.setUncaughtExceptionHandler(e -> {
            if (SchemaRegistryUnavailableException.isCause(e)) {
                long pause = registryBackoff.next();
                LOG.warn("Schema registry unreachable; replacing the stream thread in {} ms to retry from the last "
                        + "committed offset: {}", pause, rootMessage(e));
                pauseQuietly(pause);
                replacements.incrementAndGet();
                return StreamThreadExceptionResponse.REPLACE_THREAD;
            }
            if (isBrokerTrouble(e)) {
                long pause = brokerBackoff.next();
                LOG.warn("Broker trouble ({}); replacing the stream thread in {} ms to go on from the last committed "
                        + "offset", rootMessage(e), pause);
                pauseQuietly(pause);
                replacements.incrementAndGet();
                return StreamThreadExceptionResponse.REPLACE_THREAD;
            }
            failure = e;
            LOG.error("Pipeline stopped by an unexpected error", e);
            return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
    }

    /** Consecutive replacements wait 1, 2, 4, ... up to 30 s; a quiet minute starts again from 1 s. */
    static final class Backoff {
        private static final long FIRST_MILLIS = 1_000;
        private static final long MAX_MILLIS = 30_000;
        private static final long RESET_AFTER_MILLIS = 60_000;
        private long last = Long.MIN_VALUE / 2;
        private long pause = FIRST_MILLIS;

        synchronized long next() {
            return next(System.currentTimeMillis());
        }

        synchronized long next(long now) {
            if (now - last > RESET_AFTER_MILLIS + pause) {
                pause = FIRST_MILLIS;
            } else {
                pause = Math.min(MAX_MILLIS, pause * 2);
            }
            last = now;
            return pause;
        }
    }

    /** How many stream threads were replaced to wait for the schema registry. */
    public int threadReplacements() {
        return replacements.get();
    }

    private static void pauseQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * An error the broker answered with, or a timeout talking to it: a broker killed in the middle of a transaction
     * leaves the producer in a state where the commit fails (InvalidTxnStateException), which would otherwise stop
     * the pipeline for good although the broker is back seconds later. Exactly-once makes the retry safe: the
     * aborted transaction is read again from the last committed offset. Errors about records never get here (the
     * exception handlers dead-letter them), so what is left is the broker's. So is a rebalance that finds the source
     * topics missing: the app creates them at start, and a broker just restarted by the supervisor can answer the
     * first metadata request before it has loaded them (seen in {@code SupervisedStackTest} when the restart took
     * 12 s: the client shut down for good); should a topic really have been deleted, the thread keeps being replaced
     * with the back-off, a warning each time, instead of the client stopping.
     */
    static boolean isBrokerTrouble(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof org.apache.kafka.streams.errors.MissingSourceTopicException) {
                return true;
            }
            if (t instanceof org.apache.kafka.common.errors.ApiException
                    || t instanceof org.apache.kafka.common.errors.RetriableException) {
                return !(t instanceof org.apache.kafka.common.errors.RecordTooLargeException);
            }
        }
        return false;
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.toString();
    }

    /** Starts processing and waits until the first rebalance has finished or {@code timeout} passed. */
    public boolean start(Duration timeout) throws InterruptedException {
        streams.start();
        return running.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    public KafkaStreams streams() {
        return streams;
    }

    /** Blocks until the client stops on its own (after an error) or the thread is interrupted. */
    public void awaitStop() throws InterruptedException {
        stopped.await();
    }

    public Throwable failure() {
        return failure;
    }

    /**
     * Closes and leaves the consumer group, so that a restarted instance is assigned its tasks at once instead of
     * waiting for this member's session to time out (Kafka Streams stays in the group on close by default).
     */
    @Override
    public void close() {
        streams.close(CloseOptions.groupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP)
                .withTimeout(Duration.ofSeconds(30)));
    }
}
