package io.coreserve.serde;

import java.nio.ByteBuffer;
import org.apache.kafka.common.errors.SerializationException;

/**
 * The Confluent wire format: byte 0 is the magic byte 0x00, bytes 1 to 4 the schema id (big-endian),
 * then the Avro binary encoding of the value.
 */
public final class WireFormat {

    public static final byte MAGIC_BYTE = 0x0;
    public static final int HEADER_SIZE = 5;

    private WireFormat() {
    }

    /** Reads the header of {@code data} and returns the schema id; the buffer is left at the payload. */
    public static int readSchemaId(ByteBuffer data, String topic) {
        if (data.remaining() < HEADER_SIZE) {
            throw new SerializationException("Record on topic '" + topic + "' has " + data.remaining()
                    + " bytes; the Confluent Avro wire format needs at least " + HEADER_SIZE
                    + " (magic byte 0x00 and a 4-byte schema id)");
        }
        byte magic = data.get();
        if (magic != MAGIC_BYTE) {
            throw new SerializationException(String.format(
                    "Record on topic '%s' starts with byte 0x%02x, not the magic byte 0x00 of the Confluent Avro "
                            + "wire format", topic, magic));
        }
        return data.getInt();
    }
}
