package io.coreserve.bench;

import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A deserializer that turns a record it cannot decode into {@code null} and counts it, instead of failing the
 * consumer's poll. The benchmark reads topics that may hold records the pipeline itself dead-lettered (garbage on
 * the catalogue topic, a truncated request): those are not the benchmark's to judge, only to skip and report.
 */
public final class SkippingDeserializer<V> implements Deserializer<V> {

    private static final Logger LOG = LoggerFactory.getLogger(SkippingDeserializer.class);

    private final Deserializer<V> inner;
    private final AtomicLong skipped = new AtomicLong();

    public SkippingDeserializer(Deserializer<V> inner) {
        this.inner = inner;
    }

    /** How many records could not be decoded so far. */
    public long skipped() {
        return skipped.get();
    }

    @Override
    public V deserialize(String topic, byte[] data) {
        return deserialize(topic, null, data);
    }

    @Override
    public V deserialize(String topic, Headers headers, byte[] data) {
        try {
            return headers == null ? inner.deserialize(topic, data) : inner.deserialize(topic, headers, data);
        } catch (RuntimeException e) {
            if (skipped.incrementAndGet() <= 3) {   // the first few are worth a line; the count says the rest
                LOG.warn("Skipping an undecodable record of {} ({} bytes): {}", topic,
                        data == null ? 0 : data.length, e.toString());
            }
            return null;
        }
    }

    @Override
    public void close() {
        inner.close();
    }
}
