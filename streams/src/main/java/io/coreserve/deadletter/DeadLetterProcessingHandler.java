package io.coreserve.deadletter;

import io.coreserve.serde.SchemaRegistryUnavailableException;
import java.util.Map;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProcessingExceptionHandler;
import org.apache.kafka.streams.processor.api.Record;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A record whose processing throws goes to the dead-letter topic (its raw bytes as read, cut to fit) and the
 * pipeline goes on; an unreachable schema registry (a store or output write needing a schema) is retried instead.
 */
public final class DeadLetterProcessingHandler implements ProcessingExceptionHandler {

    private static final Logger LOG = LoggerFactory.getLogger(DeadLetterProcessingHandler.class);

    private DeadLetterSettings settings;
    private Map<String, ?> configs;

    @Override
    public void configure(Map<String, ?> configs) {
        settings = DeadLetterSettings.from(configs);
        this.configs = configs;
    }

    @Override
    public Response handleError(ErrorHandlerContext context, Record<?, ?> record, Exception exception) {
        if (SchemaRegistryUnavailableException.isCause(exception)) {
            LOG.warn("Schema registry unreachable while processing {}-{}@{}; will retry from the last committed "
                    + "offset: {}", context.topic(), context.partition(), context.offset(), exception.getMessage());
            return Response.fail();
        }
        LOG.error("Processing {}-{}@{} in {} failed; the record goes to the dead-letter topic", context.topic(),
                context.partition(), context.offset(), context.processorNodeId(), exception);
        if (settings.topic() == null) {
            return Response.resume();
        }
        var deadLetter = DeadLetter.build(settings.topic(), settings.maxBytes(),
                DeadLetter.Stage.PROCESSING, context, context.sourceRawKey(), context.sourceRawValue(),
                DeadLetter.PAYLOAD_ORIGINAL, null, exception);
        return Response.resume(GlobalDeadLetters.handBack(configs, deadLetter, context));
    }
}
