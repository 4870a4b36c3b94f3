package io.coreserve.serde;

import java.util.Map;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A deserializer that waits for an unreachable schema registry instead of failing: it tries again after 1, 2, 4 s,
 * then every 5 s, until the registry answers (or the thread is interrupted). Any other error is the inner one's.
 *
 * <p>Why: for Kafka Streams' global thread (the virtual grids' catalogue store). A stream thread that meets an
 * unreachable registry fails its task and is replaced, and the new one reads the record again; the global thread
 * cannot be replaced: its failure stops the whole client. An app started while the registry was down (a fresh
 * instance, whose global store reads the catalogue from the topic with an empty schema cache) stopped so. Waiting
 * here holds the global store, not the stream threads; the wait is capped at 5 s so that closing the app while it
 * waits is not held up much longer than that.
 */
public final class RegistryWaitingDeserializer<T> implements Deserializer<T> {

    private static final Logger LOG = LoggerFactory.getLogger(RegistryWaitingDeserializer.class);
    static final long FIRST_PAUSE_MILLIS = 1_000;
    static final long MAX_PAUSE_MILLIS = 5_000;

    private final Deserializer<T> inner;
    private final Pause pause;

    /** How a wait is made (a test's is instant). */
    @FunctionalInterface
    interface Pause {
        void sleep(long millis) throws InterruptedException;
    }

    public RegistryWaitingDeserializer(Deserializer<T> inner) {
        this(inner, Thread::sleep);
    }

    RegistryWaitingDeserializer(Deserializer<T> inner, Pause pause) {
        this.inner = inner;
        this.pause = pause;
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        inner.configure(configs, isKey);
    }

    @Override
    public T deserialize(String topic, byte[] data) {
        return waiting(topic, () -> inner.deserialize(topic, data));
    }

    @Override
    public T deserialize(String topic, Headers headers, byte[] data) {
        return waiting(topic, () -> inner.deserialize(topic, headers, data));
    }

    private T waiting(String topic, java.util.function.Supplier<T> read) {
        long wait = FIRST_PAUSE_MILLIS;
        for (int attempt = 1; ; attempt++) {
            try {
                return read.get();
            } catch (RuntimeException e) {
                if (!SchemaRegistryUnavailableException.isCause(e)) {
                    throw e;
                }
                LOG.warn("Schema registry unreachable reading {} (attempt {}); trying again in {} ms: {}", topic,
                        attempt, wait, e.getMessage());
                try {
                    pause.sleep(wait);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
                wait = Math.min(MAX_PAUSE_MILLIS, wait * 2);
            }
        }
    }

    @Override
    public void close() {
        inner.close();
    }
}
