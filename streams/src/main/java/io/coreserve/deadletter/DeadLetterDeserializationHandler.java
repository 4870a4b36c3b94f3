package io.coreserve.deadletter;

import io.coreserve.serde.SchemaRegistryUnavailableException;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A record that cannot be read goes to the dead-letter topic, cut to fit, and the pipeline goes on. A record that
 * could not be read because the schema registry could not be reached is not a bad record: the task fails instead,
 * the stream thread is replaced ({@code StreamsRunner}) and the record is read again from the last committed offset.
 */
public final class DeadLetterDeserializationHandler implements DeserializationExceptionHandler {

    private static final Logger LOG = LoggerFactory.getLogger(DeadLetterDeserializationHandler.class);

    private DeadLetterSettings settings;
    private Map<String, ?> configs;

    @Override
    public void configure(Map<String, ?> configs) {
        settings = DeadLetterSettings.from(configs);
        this.configs = configs;
    }

    @Override
    public Response handleError(ErrorHandlerContext context, ConsumerRecord<byte[], byte[]> record, Exception exception) {
        if (SchemaRegistryUnavailableException.isCause(exception)) {
            LOG.warn("Schema registry unreachable while reading {}-{}@{}; not dead-lettered, will retry from the last "
                    + "committed offset: {}", record.topic(), record.partition(), record.offset(), exception.getMessage());
            return Response.fail();
        }
        LOG.warn("Unreadable record {}-{}@{} ({} bytes) sent to the dead-letter topic: {}", record.topic(),
                record.partition(), record.offset(), record.value() == null ? 0 : record.value().length,
                exception.toString());
        if (settings.topic() == null) {
            return Response.resume();
        }
        var deadLetter = DeadLetter.build(settings.topic(), settings.maxBytes(),
                DeadLetter.Stage.DESERIALIZATION, context, record.key(), record.value(), DeadLetter.PAYLOAD_ORIGINAL,
                null, exception);
        return Response.resume(GlobalDeadLetters.handBack(configs, deadLetter, context));
    }
}
