package io.coreserve.serde;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Writes Avro specific records in the Confluent wire format, registering the record's schema under
 * {@code <topic>-value} (or {@code <topic>-key}) as Confluent's TopicNameStrategy does.
 */
public class AvroSerializer<T extends SpecificRecord> implements Serializer<T> {

    private SchemaRegistryClient registry;
    private boolean autoRegister = true;
    private boolean isKey;

    public AvroSerializer() {
    }

    public AvroSerializer(SchemaRegistryClient registry, boolean autoRegister) {
        this.registry = registry;
        this.autoRegister = autoRegister;
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        this.isKey = isKey;
        if (registry == null) {
            AvroSerdeConfig config = AvroSerdeConfig.from(configs);
            this.registry = config.client();
            this.autoRegister = config.autoRegister();
        }
    }

    @Override
    public byte[] serialize(String topic, T record) {
        if (record == null) {
            return null;
        }
        Schema schema = record.getSchema();
        String subject = topic + (isKey ? "-key" : "-value");
        int id;
        try {
            id = autoRegister ? registry.register(subject, schema) : registry.lookupId(subject, schema);
        } catch (SchemaRegistryException e) {
            throw new SerializationException("Cannot write " + schema.getFullName() + " to topic '" + topic
                    + "': " + e.getMessage(), e);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(128);
        out.write(WireFormat.MAGIC_BYTE);
        out.writeBytes(ByteBuffer.allocate(4).putInt(id).array());
        BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(out, null);
        try {
            new SpecificDatumWriter<T>(schema).write(record, encoder);
            encoder.flush();
        } catch (IOException | RuntimeException e) {
            throw new SerializationException("Cannot encode " + schema.getFullName() + " for topic '" + topic
                    + "': " + e.getMessage(), e);
        }
        return out.toByteArray();
    }
}
