package io.coreserve.serde;

import java.time.Duration;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;

/**
 * How much one record may make the reader allocate, checked before anything is allocated: the whole record,
 * any one string or bytes value, and the items of all arrays and maps of the record together. A length can also
 * never exceed the bytes the record has, whatever the limits say. {@code registryWait} is how long a reader waits
 * for an unreachable schema registry before it gives up on the record for now (it is retried, never dead-lettered).
 */
public record ReadLimits(int maxRecordBytes, int maxStringBytes, long maxCollectionItems, Duration registryWait) {

    /** The most bytes a serialized record may have (header included); larger ones are refused unread. */
    public static final String MAX_RECORD_BYTES = "coreserve.serde.max-record-bytes";
    /** The most bytes one Avro string or bytes value may have. */
    public static final String MAX_STRING_BYTES = "coreserve.serde.max-string-bytes";
    /** The most items all arrays and map entries of one record may have together. */
    public static final String MAX_COLLECTION_ITEMS = "coreserve.serde.max-collection-items";
    /** How long to wait (ISO-8601 duration) for an unreachable registry before failing the read as retriable. */
    public static final String REGISTRY_WAIT = "coreserve.serde.registry-wait";

    /** A broker's default {@code message.max.bytes} is 1 MiB and 12 bytes: nothing larger arrives unless allowed. */
    public static final ReadLimits DEFAULTS = new ReadLimits(1_048_588, 1_048_576, 1_000_000, Duration.ofSeconds(5));

    public ReadLimits {
        if (maxRecordBytes <= 0 || maxStringBytes <= 0 || maxCollectionItems <= 0) {
            throw new IllegalArgumentException("read limits must be positive");
        }
        if (registryWait.isNegative()) {
            throw new IllegalArgumentException("the registry wait must not be negative");
        }
    }

    public static ReadLimits from(Map<String, ?> configs) {
        return new ReadLimits(
                (int) positive(configs, MAX_RECORD_BYTES, DEFAULTS.maxRecordBytes, Integer.MAX_VALUE),
                (int) positive(configs, MAX_STRING_BYTES, DEFAULTS.maxStringBytes, Integer.MAX_VALUE - 8),
                positive(configs, MAX_COLLECTION_ITEMS, DEFAULTS.maxCollectionItems, Integer.MAX_VALUE - 8),
                duration(configs, REGISTRY_WAIT, DEFAULTS.registryWait));
    }

    public ReadLimits withRegistryWait(Duration wait) {
        return new ReadLimits(maxRecordBytes, maxStringBytes, maxCollectionItems, wait);
    }

    /** The limits for a record of {@code size} bytes this application wrote itself: no size limit beyond its own. */
    ReadLimits forInternalRecord(int size) {
        int bound = Math.max(size, 1);
        return new ReadLimits(Math.max(bound, maxRecordBytes), Math.max(bound, maxStringBytes), maxCollectionItems,
                registryWait);
    }

    private static long positive(Map<String, ?> configs, String key, long fallback, long max) {
        Object value = configs.get(key);
        if (value == null || value.toString().isBlank()) {
            return fallback;
        }
        try {
            long parsed = Long.parseLong(value.toString().trim().replace("_", ""));
            if (parsed <= 0 || parsed > max) {
                throw new ConfigException(key, value, "must be between 1 and " + max);
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new ConfigException(key, value, "not a whole number");
        }
    }

    private static Duration duration(Map<String, ?> configs, String key, Duration fallback) {
        Object value = configs.get(key);
        if (value == null || value.toString().isBlank()) {
            return fallback;
        }
        try {
            Duration parsed = Duration.parse(value.toString().trim());
            if (parsed.isNegative()) {
                throw new ConfigException(key, value, "must not be negative");
            }
            return parsed;
        } catch (java.time.format.DateTimeParseException e) {
            throw new ConfigException(key, value, "not an ISO-8601 duration such as PT5S");
        }
    }
}
