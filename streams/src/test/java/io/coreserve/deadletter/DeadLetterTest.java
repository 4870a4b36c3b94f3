package io.coreserve.deadletter;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.processor.TaskId;
import org.junit.jupiter.api.Test;

class DeadLetterTest {

    private static final int BUDGET = 64 * 1024;

    private static ErrorHandlerContext context(Headers headers) {
        return new ErrorHandlerContext() {
            public String topic() { return "coreserve.requests"; }
            public int partition() { return 2; }
            public long offset() { return 41; }
            public Headers headers() { return headers; }
            public String processorNodeId() { return "Requests"; }
            public TaskId taskId() { return new TaskId(0, 2); }
            public long timestamp() { return 1_700_000_000_000L; }
            public byte[] sourceRawKey() { return null; }
            public byte[] sourceRawValue() { return null; }
        };
    }

    private static String header(ProducerRecord<byte[], byte[]> r, String name) {
        return DeadLetter.header(r.headers(), name);
    }

    @Test
    void shouldKeepASmallRecordWholeAndSayWhereItCameFrom() {
        byte[] value = "{\"not\":\"avro\"}".getBytes(StandardCharsets.UTF_8);
        ProducerRecord<byte[], byte[]> letter = DeadLetter.build("dlq", BUDGET, DeadLetter.Stage.DESERIALIZATION,
                context(new RecordHeaders().add("trace", new byte[] {1, 2})), "default".getBytes(StandardCharsets.UTF_8),
                value, DeadLetter.PAYLOAD_ORIGINAL, null, new SerializationException("not the magic byte"));

        assertThat(letter.value()).isEqualTo(value);
        assertThat(header(letter, DeadLetter.TRUNCATED)).isEqualTo("false");
        assertThat(header(letter, DeadLetter.TOPIC)).isEqualTo("coreserve.requests");
        assertThat(header(letter, DeadLetter.PARTITION)).isEqualTo("2");
        assertThat(header(letter, DeadLetter.OFFSET)).isEqualTo("41");
        assertThat(header(letter, DeadLetter.EXCEPTION)).isEqualTo(SerializationException.class.getName());
        assertThat(header(letter, DeadLetter.MESSAGE)).isEqualTo("not the magic byte");
        assertThat(header(letter, DeadLetter.ORIGINAL_VALUE_SIZE)).isEqualTo(Integer.toString(value.length));
        assertThat(letter.headers().lastHeader("trace").value()).containsExactly(1, 2);
        assertThat(letter.timestamp()).isEqualTo(1_700_000_000_000L);
    }

    @Test
    void shouldCutKeyValueHeadersAndMessageToTheBudgetAndSaySo() {
        byte[] key = new byte[600_000];
        byte[] value = new byte[1_047_000];
        Arrays.fill(value, (byte) 7);
        Headers huge = new RecordHeaders().add("big", new byte[200_000]).add("small", new byte[] {9});
        ProducerRecord<byte[], byte[]> letter = DeadLetter.build("dlq", BUDGET, DeadLetter.Stage.PRODUCTION,
                context(huge), key, value, DeadLetter.PAYLOAD_FAILED_OUTPUT, "coreserve.decisions",
                new IllegalStateException("x".repeat(100_000)));

        assertThat(DeadLetter.estimatedSize(letter)).isLessThanOrEqualTo(BUDGET);
        assertThat(letter.value().length).isGreaterThan(BUDGET / 2);
        assertThat(letter.value()[letter.value().length - 1]).isEqualTo((byte) 7);
        assertThat(letter.key()).hasSize(DeadLetter.MAX_KEY_BYTES);
        assertThat(header(letter, DeadLetter.TRUNCATED)).isEqualTo("true");
        assertThat(header(letter, DeadLetter.ORIGINAL_KEY_SIZE)).isEqualTo("600000");
        assertThat(header(letter, DeadLetter.ORIGINAL_VALUE_SIZE)).isEqualTo("1047000");
        assertThat(header(letter, DeadLetter.HEADERS_DROPPED)).isEqualTo("1");
        assertThat(header(letter, DeadLetter.FAILED_TOPIC)).isEqualTo("coreserve.decisions");
        assertThat(header(letter, DeadLetter.STAGE)).isEqualTo("production");
        assertThat(header(letter, DeadLetter.MESSAGE)).hasSizeLessThan(DeadLetter.MAX_MESSAGE_BYTES).endsWith("(100000 chars)");
        assertThat(letter.headers().lastHeader("small")).isNotNull();
    }
}
