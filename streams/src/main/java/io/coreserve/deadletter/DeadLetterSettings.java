package io.coreserve.deadletter;

import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.streams.StreamsConfig;

/**
 * Where dead letters go and how large they and the pipeline's outputs may be.
 *
 * <ul>
 *   <li>{@code coreserve.dead-letter.max-bytes} (default 524288): the most bytes a dead letter takes, headers
 *       included; a longer payload is cut and says so.</li>
 *   <li>{@code coreserve.output.max-record-bytes} (default 1000000): the most bytes any record the pipeline writes
 *       (outputs, changelogs, dead letters) may take. A larger one is never handed to the producer: it would put
 *       the exactly-once transaction in an error state that fails the commit. It is dead-lettered instead. Keep it
 *       below the producer's {@code max.request.size} and the topics' {@code max.message.bytes}.</li>
 * </ul>
 */
public record DeadLetterSettings(String topic, int maxBytes, int maxOutputRecordBytes) {

    public static final String MAX_BYTES = "coreserve.dead-letter.max-bytes";
    public static final String MAX_OUTPUT_RECORD_BYTES = "coreserve.output.max-record-bytes";
    public static final int DEFAULT_MAX_BYTES = 524_288;
    public static final int DEFAULT_MAX_OUTPUT_RECORD_BYTES = 1_000_000;

    public DeadLetterSettings {
        if (maxBytes >= maxOutputRecordBytes) {
            throw new ConfigException(MAX_BYTES, maxBytes, "must be smaller than " + MAX_OUTPUT_RECORD_BYTES + " ("
                    + maxOutputRecordBytes + ") so that a dead letter is always written");
        }
    }

    public static DeadLetterSettings from(Map<String, ?> configs) {
        Object topic = configs.get(StreamsConfig.ERRORS_DEAD_LETTER_QUEUE_TOPIC_NAME_CONFIG);
        return new DeadLetterSettings(topic == null || topic.toString().isBlank() ? null : topic.toString(),
                positive(configs, MAX_BYTES, DEFAULT_MAX_BYTES), maxOutputRecordBytes(configs));
    }

    static int maxOutputRecordBytes(Map<String, ?> configs) {
        return positive(configs, MAX_OUTPUT_RECORD_BYTES, DEFAULT_MAX_OUTPUT_RECORD_BYTES);
    }

    private static int positive(Map<String, ?> configs, String key, int fallback) {
        Object value = configs.get(key);
        if (value == null || value.toString().isBlank()) {
            return fallback;
        }
        try {
            int parsed = Integer.parseInt(value.toString().trim().replace("_", ""));
            if (parsed < 1_024) {
                throw new ConfigException(key, value, "must be at least 1024 bytes");
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new ConfigException(key, value, "not a whole number of bytes");
        }
    }
}
