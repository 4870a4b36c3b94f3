package io.coreserve.serde;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Reads the Confluent wire format into Avro specific records. The writer's schema comes from the registry
 * by the id in the header and is resolved against the reader's (the generated class's) schema, so records
 * written with an older compatible schema still read. Anything else fails with a SerializationException
 * that names the topic and the problem, which the pipeline sends to its dead-letter topic.
 *
 * <p>Reads are bounded ({@link ReadLimits}): the record size and every declared length and item count are checked
 * before anything is allocated. A registry that cannot be reached is not a bad record: the reader waits for it a
 * little ({@code coreserve.serde.registry-wait}), then throws {@link SchemaRegistryUnavailableException}, which the
 * pipeline retries instead of dead-lettering. Only an id the registry positively does not know is a bad record.
 */
public class AvroDeserializer<T extends SpecificRecord> implements Deserializer<T> {

    private final Class<T> type;
    private SchemaRegistryClient registry;
    private ReadLimits limits = ReadLimits.DEFAULTS;
    private final Map<Integer, SpecificDatumReader<T>> readers = new ConcurrentHashMap<>();

    /** Reads into the generated class named by the writer's schema, as Confluent's specific reader does. */
    public AvroDeserializer() {
        this.type = null;
    }

    public AvroDeserializer(Class<T> type) {
        this.type = type;
    }

    public AvroDeserializer(Class<T> type, SchemaRegistryClient registry) {
        this.type = type;
        this.registry = registry;
    }

    public AvroDeserializer(Class<T> type, SchemaRegistryClient registry, ReadLimits limits) {
        this.type = type;
        this.registry = registry;
        this.limits = limits;
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        if (registry == null) {
            registry = AvroSerdeConfig.from(configs).client();
        }
        limits = ReadLimits.from(configs);
    }

    @Override
    public T deserialize(String topic, byte[] data) {
        if (data == null) {
            return null;
        }
        // Kafka Streams' own topics (state store changelogs, repartitioning) and its stores hold what this
        // application wrote: reading them back must never fail on the limits meant for records from outside (a store
        // entry that cannot be read would fail every later record that touches it). Lengths stay bounded by the
        // record's own size, so a corrupt entry still cannot make the reader allocate beyond it.
        ReadLimits limits = isInternal(topic) ? this.limits.forInternalRecord(data.length) : this.limits;
        if (data.length > limits.maxRecordBytes()) {
            throw new SerializationException("Record on topic '" + topic + "' has " + data.length
                    + " bytes, more than " + ReadLimits.MAX_RECORD_BYTES + "=" + limits.maxRecordBytes()
                    + "; not read");
        }
        ByteBuffer buffer = ByteBuffer.wrap(data);
        int id = WireFormat.readSchemaId(buffer, topic);
        SpecificDatumReader<T> reader = reader(topic, id, limits);
        BoundedDecoder decoder = new BoundedDecoder(DecoderFactory.get()
                .binaryDecoder(data, buffer.position(), buffer.remaining(), null), limits, buffer.remaining());
        try {
            T value = reader.read(null, decoder);
            if (!decoder.isEnd()) {
                throw new SerializationException("Record on topic '" + topic + "' has " + countRemaining(decoder)
                        + " bytes left after the Avro value of schema id " + id);
            }
            return value;
        } catch (IOException | RuntimeException e) {
            if (e instanceof SerializationException se) {
                throw se;
            }
            throw new SerializationException("Record on topic '" + topic + "' is not a valid "
                    + (type == null ? "Avro record" : type.getSimpleName())
                    + " in Avro binary (schema id " + id + "): " + e, e);
        }
    }

    /** Kafka Streams names its internal topics {@code <application.id>-<name>-changelog} or {@code -repartition}. */
    static boolean isInternal(String topic) {
        return topic != null && (topic.endsWith("-changelog") || topic.endsWith("-repartition"));
    }

    /**
     * The reader for schema id {@code id}: fetched from the registry once, waiting up to the configured registry wait
     * while the registry cannot be reached (a restart of the registry is then no more than a pause).
     */
    private SpecificDatumReader<T> reader(String topic, int id, ReadLimits limits) {
        long deadline = System.nanoTime() + limits.registryWait().toNanos();
        long pauseMillis = 100;
        while (true) {
            try {
                return readers.computeIfAbsent(id, this::readerFor);
            } catch (SchemaRegistryUnavailableException e) {
                long leftMillis = (deadline - System.nanoTime()) / 1_000_000;
                if (leftMillis <= 0) {
                    throw new SchemaRegistryUnavailableException("Record on topic '" + topic + "' names schema id "
                            + id + " and the schema registry cannot be reached to fetch it (retriable): "
                            + e.getMessage(), e.httpStatus(), e.errorCode(), e);
                }
                try {
                    Thread.sleep(Math.min(pauseMillis, leftMillis));
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
                pauseMillis = Math.min(pauseMillis * 2, 1_000);
            } catch (SchemaRegistryException e) {
                throw new SerializationException("Record on topic '" + topic + "' names schema id " + id
                        + " which could not be fetched: " + e.getMessage(), e);
            }
        }
    }

    private SpecificDatumReader<T> readerFor(int id) {
        Schema writer = registry.getById(id);
        Class<?> target = type != null ? type : SpecificData.get().getClass(writer);
        if (target == null) {
            throw new SerializationException("No generated class on the classpath for " + writer.getFullName()
                    + " (schema id " + id + ")");
        }
        Schema reader = SpecificData.get().getSchema(target);
        return new SpecificDatumReader<>(writer, reader);
    }

    private static long countRemaining(BoundedDecoder decoder) {
        try {
            long n = 0;
            byte[] one = new byte[1];
            while (!decoder.isEnd()) {
                decoder.readFixed(one, 0, 1);
                n++;
            }
            return n;
        } catch (IOException e) {
            return -1;
        }
    }
}
