package io.coreserve.serde;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.avro.io.BinaryDecoder;
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
 */
public class AvroDeserializer<T extends SpecificRecord> implements Deserializer<T> {

    private final Class<T> type;
    private SchemaRegistryClient registry;
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

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        if (registry == null) {
            registry = AvroSerdeConfig.from(configs).client();
        }
    }

    @Override
    public T deserialize(String topic, byte[] data) {
        if (data == null) {
            return null;
        }
        ByteBuffer buffer = ByteBuffer.wrap(data);
        int id = WireFormat.readSchemaId(buffer, topic);
        SpecificDatumReader<T> reader;
        try {
            reader = readers.computeIfAbsent(id, this::readerFor);
        } catch (SchemaRegistryException e) {
            throw new SerializationException("Record on topic '" + topic + "' names schema id " + id
                    + " which could not be fetched: " + e.getMessage(), e);
        }
        BinaryDecoder decoder = DecoderFactory.get()
                .binaryDecoder(data, buffer.position(), buffer.remaining(), null);
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

    private static long countRemaining(BinaryDecoder decoder) {
        try {
            long n = 0;
            while (!decoder.isEnd()) {
                decoder.readFixed(new byte[1]);
                n++;
            }
            return n;
        } catch (IOException e) {
            return -1;
        }
    }
}
