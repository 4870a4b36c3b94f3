package io.coreserve.deadletter;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.errors.ErrorHandlerContext;

/**
 * Builds a dead letter that always fits: the error, where the record came from, and as much of its payload as the
 * budget ({@code coreserve.dead-letter.max-bytes}) leaves room for. A payload that had to be cut says so in a
 * header, with its original size; the original topic, partition and offset are always there to find it whole.
 *
 * <p>The header names of Kafka Streams' own dead letters (KIP-1034, {@code __streams.errors.*}) are kept, so
 * tools that read those read these; coreserve adds its own under {@code coreserve.dlq.*}.
 */
public final class DeadLetter {

    public static final String EXCEPTION = "__streams.errors.exception";
    public static final String MESSAGE = "__streams.errors.message";
    public static final String STACKTRACE = "__streams.errors.stacktrace";
    public static final String TOPIC = "__streams.errors.topic";
    public static final String PARTITION = "__streams.errors.partition";
    public static final String OFFSET = "__streams.errors.offset";
    /** deserialization, processing or production: where in the pipeline the record failed. */
    public static final String STAGE = "coreserve.dlq.stage";
    /** "true" when the key, payload or original headers were cut to fit. */
    public static final String TRUNCATED = "coreserve.dlq.truncated";
    public static final String ORIGINAL_KEY_SIZE = "coreserve.dlq.original-key-size";
    public static final String ORIGINAL_VALUE_SIZE = "coreserve.dlq.original-value-size";
    /** What the payload is: the input record ("original"), the output that could not be written, or nothing. */
    public static final String PAYLOAD = "coreserve.dlq.payload";
    /** For production errors: the output topic the record could not be written to. */
    public static final String FAILED_TOPIC = "coreserve.dlq.failed-topic";
    public static final String PROCESSOR = "coreserve.dlq.processor";
    public static final String HEADERS_DROPPED = "coreserve.dlq.headers-dropped";

    /** The partition of the dead-letter topic every dead letter goes to. */
    public static final int PARTITION_OF_ALL = 0;

    public static final String PAYLOAD_ORIGINAL = "original";
    public static final String PAYLOAD_FAILED_OUTPUT = "failed-output";
    public static final String PAYLOAD_NONE = "none";

    static final int MAX_MESSAGE_BYTES = 2_048;
    static final int MAX_STACKTRACE_BYTES = 8_192;
    static final int MAX_KEY_BYTES = 4_096;
    /** Per-record and per-header framing, generously: varints, attributes, the batch header. */
    static final int RECORD_OVERHEAD = 128;
    static final int HEADER_OVERHEAD = 10;

    public enum Stage {
        DESERIALIZATION, PROCESSING, PRODUCTION;

        String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private DeadLetter() {
    }

    /**
     * The dead letter for a record that failed at {@code stage}: {@code key} and {@code value} are the payload
     * ({@code payloadKind} says which record they are), {@code failedTopic} the output topic for production errors.
     */
    public static ProducerRecord<byte[], byte[]> build(String deadLetterTopic, int budgetBytes, Stage stage,
            ErrorHandlerContext context, byte[] key, byte[] value, String payloadKind, String failedTopic,
            Throwable error) {
        Headers headers = new RecordHeaders();
        put(headers, EXCEPTION, error.getClass().getName());
        put(headers, MESSAGE, cut(String.valueOf(error.getMessage()), MAX_MESSAGE_BYTES));
        put(headers, STACKTRACE, cut(stackTrace(error), MAX_STACKTRACE_BYTES));
        put(headers, TOPIC, context.topic());
        put(headers, PARTITION, String.valueOf(context.partition()));
        put(headers, OFFSET, String.valueOf(context.offset()));
        put(headers, STAGE, stage.label());
        put(headers, PROCESSOR, context.processorNodeId());
        put(headers, FAILED_TOPIC, failedTopic);
        put(headers, PAYLOAD, value == null && key == null ? PAYLOAD_NONE : payloadKind);
        put(headers, ORIGINAL_KEY_SIZE, String.valueOf(key == null ? -1 : key.length));
        put(headers, ORIGINAL_VALUE_SIZE, String.valueOf(value == null ? -1 : value.length));

        boolean truncated = false;
        byte[] keptKey = key;
        if (key != null && key.length > MAX_KEY_BYTES) {
            keptKey = Arrays.copyOf(key, MAX_KEY_BYTES);
            truncated = true;
        }
        // Room for what is still to come: the truncated flag and the dropped-headers count.
        long used = RECORD_OVERHEAD + size(headers) + 2L * (HEADER_OVERHEAD + 40) + length(keptKey);
        int dropped = 0;
        if (context.headers() != null) {
            // The original headers may take at most half of what is left; the payload matters more.
            long headerRoom = Math.max(0, budgetBytes - used) / 2;
            for (Header original : context.headers()) {
                long size = HEADER_OVERHEAD + original.key().length() * 3L + length(original.value());
                if (size > headerRoom) {
                    dropped++;
                    continue;
                }
                headers.add(original);
                headerRoom -= size;
                used += size;
            }
        }
        byte[] keptValue = value;
        long room = Math.max(0, budgetBytes - used);
        if (value != null && value.length > room) {
            keptValue = Arrays.copyOf(value, (int) room);
            truncated = true;
        }
        if (dropped > 0) {
            put(headers, HEADERS_DROPPED, String.valueOf(dropped));
            truncated = true;
        }
        put(headers, TRUNCATED, String.valueOf(truncated));
        Long timestamp = context.timestamp() >= 0 ? context.timestamp() : null;
        // All on partition 0: the dead letters of an application stay in one order, and an offset names one
        // (what `coreserve dlq` calls them by), however many partitions the topic has.
        return new ProducerRecord<>(deadLetterTopic, PARTITION_OF_ALL, timestamp, keptKey, keptValue, headers);
    }

    /** An upper bound of the bytes {@code record} takes in a batch, as the producer's own size check counts. */
    public static long estimatedSize(ProducerRecord<byte[], byte[]> record) {
        return RECORD_OVERHEAD + length(record.key()) + length(record.value()) + size(record.headers());
    }

    private static long size(Headers headers) {
        long size = 0;
        for (Header h : headers) {
            size += HEADER_OVERHEAD + h.key().getBytes(StandardCharsets.UTF_8).length + length(h.value());
        }
        return size;
    }

    private static int length(byte[] bytes) {
        return bytes == null ? 0 : bytes.length;
    }

    private static void put(Headers headers, String name, String value) {
        if (value != null) {
            headers.add(name, value.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** At most {@code maxBytes} of UTF-8 (cut by characters, so at most 3 bytes each), saying so when cut. */
    static String cut(String text, int maxBytes) {
        int maxChars = maxBytes / 3;
        return text.length() <= maxChars ? text : text.substring(0, maxChars) + "... (" + text.length() + " chars)";
    }

    private static String stackTrace(Throwable error) {
        StringWriter out = new StringWriter();
        error.printStackTrace(new PrintWriter(out));
        return out.toString();
    }

    /** A header's value as text, or null. */
    public static String header(Headers headers, String name) {
        Header h = headers.lastHeader(name);
        return h == null || h.value() == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }
}
