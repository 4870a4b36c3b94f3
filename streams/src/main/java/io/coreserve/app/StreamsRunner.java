package io.coreserve.app;

import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a topology: logs state changes, shuts the client down on an uncaught error (bad records never get
 * here, the exception handlers divert them to the dead-letter topic), and closes with a timeout.
 */
public final class StreamsRunner implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StreamsRunner.class);

    private final KafkaStreams streams;
    private final CountDownLatch running = new CountDownLatch(1);
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile Throwable failure;

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
            failure = e;
            LOG.error("Pipeline stopped by an unexpected error", e);
            return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
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
