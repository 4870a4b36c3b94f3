package io.coreserve.deadletter;

import java.util.Map;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.Configurable;
import org.apache.kafka.streams.processor.internals.DefaultKafkaClientSupplier;

/**
 * Kafka Streams' default clients, with {@link SizeGuardedProducer} as the producer (set as
 * {@code default.client.supplier}). It extends the default supplier so that Kafka Streams still treats the
 * consumers as its own (the STREAMS rebalance protocol warns about any other supplier). The guard is the smaller of
 * {@code coreserve.output.max-record-bytes} and the producer's {@code max.request.size}.
 */
public final class SizeGuardedClientSupplier extends DefaultKafkaClientSupplier implements Configurable {

    private int maxOutputRecordBytes = DeadLetterSettings.DEFAULT_MAX_OUTPUT_RECORD_BYTES;

    @Override
    public void configure(Map<String, ?> configs) {
        maxOutputRecordBytes = DeadLetterSettings.maxOutputRecordBytes(configs);
    }

    @Override
    public Producer<byte[], byte[]> getProducer(Map<String, Object> config) {
        long limit = maxOutputRecordBytes;
        Object maxRequest = config.get(ProducerConfig.MAX_REQUEST_SIZE_CONFIG);
        if (maxRequest != null) {
            limit = Math.min(limit, Long.parseLong(maxRequest.toString().trim()));
        }
        return new SizeGuardedProducer(config, limit);
    }
}
