package io.coreserve.deadletter;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The stream threads' producer, which refuses a record larger than {@code coreserve.output.max-record-bytes} before
 * the real producer sees it. The real producer would fail the send too, but a transactional producer also turns
 * that failure into an abortable transaction error: the commit then fails, the stream thread dies, and the same
 * input produces the same record after every restart. Refused here, the send fails through its callback only, the
 * production exception handler dead-letters it, and the transaction carries on.
 */
final class SizeGuardedProducer extends KafkaProducer<byte[], byte[]> {

    private static final Logger LOG = LoggerFactory.getLogger(SizeGuardedProducer.class);

    private final long maxRecordBytes;

    SizeGuardedProducer(Map<String, Object> config, long maxRecordBytes) {
        super(config, new ByteArraySerializer(), new ByteArraySerializer());
        this.maxRecordBytes = maxRecordBytes;
    }

    @Override
    public Future<RecordMetadata> send(ProducerRecord<byte[], byte[]> record, Callback callback) {
        long size = DeadLetter.estimatedSize(record);
        if (size <= maxRecordBytes) {
            return super.send(record, callback);
        }
        RecordTooLargeException tooLarge = new RecordTooLargeException("A record of about " + size + " bytes for topic "
                + record.topic() + " is larger than " + DeadLetterSettings.MAX_OUTPUT_RECORD_BYTES + "="
                + maxRecordBytes + "; not sent");
        LOG.debug("Refusing a record of {} bytes for {}", size, record.topic());
        if (callback != null) {
            TopicPartition partition = new TopicPartition(record.topic(),
                    record.partition() == null ? RecordMetadata.UNKNOWN_PARTITION : record.partition());
            callback.onCompletion(new RecordMetadata(partition, -1, -1, -1L, -1, -1), tooLarge);
        }
        return CompletableFuture.failedFuture(tooLarge);
    }
}
