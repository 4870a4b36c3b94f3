package io.coreserve.serde;

import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Serde for Avro specific records in the Confluent wire format, wire-compatible with Confluent's
 * {@code io.confluent.kafka.streams.serdes.avro.SpecificAvroSerde} and configured by the same keys.
 */
public class SpecificAvroSerde<T extends SpecificRecord> implements Serde<T> {

    private final AvroSerializer<T> serializer;
    private final AvroDeserializer<T> deserializer;

    /** For configuration by class name (as Confluent's no-argument serde); the class comes from the writer's schema. */
    public SpecificAvroSerde() {
        this.serializer = new AvroSerializer<>();
        this.deserializer = new AvroDeserializer<>();
    }

    public SpecificAvroSerde(Class<T> type) {
        this.serializer = new AvroSerializer<>();
        this.deserializer = new AvroDeserializer<>(type);
    }

    public SpecificAvroSerde(Class<T> type, SchemaRegistryClient registry, boolean autoRegister) {
        this.serializer = new AvroSerializer<>(registry, autoRegister);
        this.deserializer = new AvroDeserializer<>(type, registry);
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        serializer.configure(configs, isKey);
        deserializer.configure(configs, isKey);
    }

    @Override
    public Serializer<T> serializer() {
        return serializer;
    }

    @Override
    public Deserializer<T> deserializer() {
        return deserializer;
    }
}
