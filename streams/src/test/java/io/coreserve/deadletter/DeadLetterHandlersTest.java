package io.coreserve.deadletter;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.serde.SchemaRegistryUnavailableException;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.NotEnoughReplicasException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProcessingExceptionHandler;
import org.apache.kafka.streams.errors.ProductionExceptionHandler;
import org.apache.kafka.streams.processor.TaskId;
import org.apache.kafka.streams.processor.api.Record;
import org.junit.jupiter.api.Test;

/** What each handler answers: dead-letter and go on, retry, or fail the task so that the record is read again. */
class DeadLetterHandlersTest {

    private static final Map<String, Object> CONFIG = Map.of(
            StreamsConfig.ERRORS_DEAD_LETTER_QUEUE_TOPIC_NAME_CONFIG, "dlq",
            DeadLetterSettings.MAX_BYTES, "65536");

    private static ErrorHandlerContext context(String processorNodeId) {
        return new ErrorHandlerContext() {
            public String topic() { return "requests"; }
            public int partition() { return 0; }
            public long offset() { return 7; }
            public Headers headers() { return new RecordHeaders(); }
            public String processorNodeId() { return processorNodeId; }
            public TaskId taskId() { return new TaskId(0, 0); }
            public long timestamp() { return 0; }
            public byte[] sourceRawKey() { return new byte[] {1}; }
            public byte[] sourceRawValue() { return new byte[] {2, 3}; }
        };
    }

    private static final SchemaRegistryUnavailableException DOWN =
            new SchemaRegistryUnavailableException("registry down", -1, -1, null);

    @Test
    void shouldDeadLetterAnUnreadableRecordButFailTheTaskWhenTheRegistryIsDown() {
        var handler = new DeadLetterDeserializationHandler();
        handler.configure(CONFIG);
        var record = new ConsumerRecord<>("requests", 0, 7L, new byte[] {1}, new byte[] {2, 3});

        var bad = handler.handleError(context("Requests"), record, new SerializationException("not Avro"));
        var down = handler.handleError(context("Requests"), record, new SerializationException("wrapped", DOWN));

        assertThat(bad.result()).isEqualTo(DeserializationExceptionHandler.Result.RESUME);
        assertThat(bad.deadLetterQueueRecords()).singleElement().satisfies(l -> {
            assertThat(l.topic()).isEqualTo("dlq");
            assertThat(l.value()).containsExactly(2, 3);
        });
        assertThat(down.result()).isEqualTo(DeserializationExceptionHandler.Result.FAIL);
        assertThat(down.deadLetterQueueRecords()).isEmpty();
    }

    @Test
    void shouldDeadLetterAFailedProcessingButFailTheTaskWhenTheRegistryIsDown() {
        var handler = new DeadLetterProcessingHandler();
        handler.configure(CONFIG);
        var record = new Record<>("default", "value", 0L);

        var bad = handler.handleError(context("AllocateAndBook"), record, new IllegalStateException("bug"));
        var down = handler.handleError(context("AllocateAndBook"), record, new RuntimeException(DOWN));

        assertThat(bad.result()).isEqualTo(ProcessingExceptionHandler.Result.RESUME);
        assertThat(bad.deadLetterQueueRecords()).singleElement()
                .satisfies(l -> assertThat(DeadLetter.header(l.headers(), DeadLetter.STAGE)).isEqualTo("processing"));
        assertThat(down.result()).isEqualTo(ProcessingExceptionHandler.Result.FAIL);
    }

    @Test
    void shouldDeadLetterATooLargeOutputRetryARetriableErrorAndOnlyLogAChangelogWrite() {
        var handler = new DeadLetterProductionHandler();
        handler.configure(CONFIG);
        var output = new ProducerRecord<>("decisions", new byte[600_000], new byte[600_000]);
        var tooLarge = new RecordTooLargeException("too large");

        var sink = handler.handleError(context("Decisions"), output, tooLarge);
        var changelog = handler.handleError(context(null), new ProducerRecord<>("app-books-changelog",
                new byte[600_000], new byte[600_000]), tooLarge);
        var retriable = handler.handleError(context("Decisions"), output, new NotEnoughReplicasException("later"));
        var unserializable = handler.handleSerializationError(context("Decisions"), output,
                new SerializationException("wrapped", DOWN), ProductionExceptionHandler.SerializationExceptionOrigin.VALUE);

        assertThat(sink.result()).isEqualTo(ProductionExceptionHandler.Result.RESUME);
        assertThat(sink.deadLetterQueueRecords()).singleElement().satisfies(l -> {
            assertThat(DeadLetter.estimatedSize(l)).isLessThanOrEqualTo(65_536);
            assertThat(DeadLetter.header(l.headers(), DeadLetter.FAILED_TOPIC)).isEqualTo("decisions");
            assertThat(DeadLetter.header(l.headers(), DeadLetter.PAYLOAD)).isEqualTo(DeadLetter.PAYLOAD_FAILED_OUTPUT);
            assertThat(DeadLetter.header(l.headers(), DeadLetter.TRUNCATED)).isEqualTo("true");
        });
        assertThat(changelog.result()).isEqualTo(ProductionExceptionHandler.Result.RESUME);
        assertThat(changelog.deadLetterQueueRecords()).isEmpty();
        assertThat(retriable.result()).isEqualTo(ProductionExceptionHandler.Result.RETRY);
        assertThat(unserializable.result()).isEqualTo(ProductionExceptionHandler.Result.FAIL);
    }
}
