package io.coreserve.deadletter;

import io.coreserve.serde.SchemaRegistryUnavailableException;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProductionExceptionHandler;
import org.apache.kafka.streams.errors.internals.DefaultErrorHandlerContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An output that cannot be written (too large, or not serializable) is logged and dead-lettered in a form that
 * fits, and the pipeline goes on with the next record; the input that produced it is named in the headers.
 *
 * <p>Under exactly-once this only works for errors raised before the record reaches the producer: a send the
 * producer itself fails puts the transaction in an abortable state, so the commit fails whatever this handler
 * answers. That is why {@link SizeGuardedProducer} refuses oversized records before they reach the producer, which
 * lands them here as a RecordTooLargeException with the transaction intact. Retriable errors (timeouts, not
 * enough replicas) are retried from the last committed offset; an unreachable registry fails the task so that the
 * stream thread is replaced and the record read again.
 */
public final class DeadLetterProductionHandler implements ProductionExceptionHandler {

    private static final Logger LOG = LoggerFactory.getLogger(DeadLetterProductionHandler.class);

    private DeadLetterSettings settings;

    @Override
    public void configure(Map<String, ?> configs) {
        settings = DeadLetterSettings.from(configs);
    }

    @Override
    public Response handleError(ErrorHandlerContext context, ProducerRecord<byte[], byte[]> record, Exception exception) {
        if (exception instanceof RetriableException) {
            LOG.warn("Retriable error writing to {} for input {}-{}@{}: {}", record.topic(), context.topic(),
                    context.partition(), context.offset(), exception.toString());
            return Response.retry();
        }
        if (!hasRecordContext(context)) {
            // A changelog write: Kafka Streams sends it without a processor context, and a dead letter sent from
            // here would fail in Kafka Streams' own send callback. The store keeps the entry locally; the changelog
            // (and so a restore) will not have it. The output of the same input, if also too large, is dead-lettered.
            LOG.error("Could not write a changelog record of {} bytes to {}; dropped (a restore will not have it): {}",
                    DeadLetter.estimatedSize(record), record.topic(), exception.toString());
            return Response.resume();
        }
        LOG.error("Could not write a record of {} bytes to {} for input {}-{}@{}; it goes to the dead-letter topic: {}",
                DeadLetter.estimatedSize(record), record.topic(), context.topic(), context.partition(), context.offset(),
                exception.toString());
        return deadLetter(context, record.key(), record.value(), DeadLetter.PAYLOAD_FAILED_OUTPUT, record.topic(),
                exception);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public Response handleSerializationError(ErrorHandlerContext context, ProducerRecord record, Exception exception,
            SerializationExceptionOrigin origin) {
        if (SchemaRegistryUnavailableException.isCause(exception)) {
            LOG.warn("Schema registry unreachable while writing to {}; will retry from the last committed offset: {}",
                    record.topic(), exception.getMessage());
            return Response.fail();
        }
        LOG.error("Could not serialize the {} of a record for {} (input {}-{}@{}); the input goes to the dead-letter "
                + "topic", origin, record.topic(), context.topic(), context.partition(), context.offset(), exception);
        return deadLetter(context, context.sourceRawKey(), context.sourceRawValue(), DeadLetter.PAYLOAD_ORIGINAL,
                record.topic(), exception);
    }

    /** Whether the failed write was made while processing a record (outputs), not by a store (changelogs). */
    private static boolean hasRecordContext(ErrorHandlerContext context) {
        if (context.processorNodeId() == null) {
            return false;
        }
        return !(context instanceof DefaultErrorHandlerContext internal) || internal.processorContext().isPresent();
    }

    private Response deadLetter(ErrorHandlerContext context, byte[] key, byte[] value, String payloadKind,
            String failedTopic, Exception exception) {
        if (settings.topic() == null || settings.topic().equals(failedTopic)) {
            // Never dead-letter a dead letter: it was built to fit, so this is a broker-side problem.
            return Response.resume();
        }
        return Response.resume(List.of(DeadLetter.build(settings.topic(), settings.maxBytes(),
                DeadLetter.Stage.PRODUCTION, context, key, value, payloadKind, failedTopic, exception)));
    }
}
