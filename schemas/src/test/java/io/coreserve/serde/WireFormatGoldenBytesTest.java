package io.coreserve.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.coreserve.events.CancelRequest;
import java.time.Instant;
import java.util.HexFormat;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Pins the Confluent framing byte for byte, so a change to the serde cannot silently break other readers. */
class WireFormatGoldenBytesTest {

    private static final String SCOPE = "golden-bytes";

    @AfterEach
    void dropRegistry() {
        InMemorySchemaRegistryClient.dropScope(SCOPE);
    }

    private static CancelRequest cancel() {
        return CancelRequest.newBuilder()
                .setRequestId("r1")
                .setUser("u")
                .setDomain(null)
                .setReason(null)
                .setRequestedAt(Instant.ofEpochMilli(1000))
                .build();
    }

    @Test
    void shouldWriteMagicByteThenBigEndianSchemaIdThenAvroBinary() {
        var registry = InMemorySchemaRegistryClient.forScope(SCOPE);
        // Burn ids 1 to 257 on another subject so the id needs more than one byte and the byte order shows.
        for (int i = 0; i < 257; i++) {
            registry.register("filler-" + i + "-value", org.apache.avro.Schema.createFixed("F" + i, null, "x", 1));
        }
        var serializer = new AvroSerializer<CancelRequest>(registry, true);

        byte[] bytes = serializer.serialize("cancels", cancel());

        // 00            magic byte
        // 00 00 01 02   schema id 258, big-endian
        // 04 72 31      requestId: zig-zag length 2, "r1"
        // 02 75         user: length 1, "u"
        // 00            domain: union branch 0 (null)
        // 00            reason: union branch 0 (null)
        // d0 0f         requestedAt: 1000 -> zig-zag 2000 -> varint d0 0f
        assertThat(HexFormat.of().formatHex(bytes)).isEqualTo("00" + "00000102" + "047231" + "0275" + "00" + "00" + "d00f");
    }

    @Test
    void shouldRegisterUnderTopicValueSubject() {
        var registry = InMemorySchemaRegistryClient.forScope(SCOPE);
        new AvroSerializer<CancelRequest>(registry, true).serialize("cancels", cancel());

        assertThat(registry.lookupId("cancels-value", CancelRequest.getClassSchema())).isEqualTo(1);
    }

    @Test
    void shouldReadBackWhatItWrote() {
        var registry = InMemorySchemaRegistryClient.forScope(SCOPE);
        byte[] bytes = new AvroSerializer<CancelRequest>(registry, true).serialize("cancels", cancel());

        CancelRequest read = new AvroDeserializer<>(CancelRequest.class, registry).deserialize("cancels", bytes);

        assertThat(read).isEqualTo(cancel());
    }

    @Test
    void shouldRejectRecordWithoutMagicByteNamingTheTopicAndTheByte() {
        var deserializer = new AvroDeserializer<>(CancelRequest.class, InMemorySchemaRegistryClient.forScope(SCOPE));

        assertThatThrownBy(() -> deserializer.deserialize("cancels", "{\"json\":true}".getBytes()))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("cancels")
                .hasMessageContaining("0x7b");
    }

    @Test
    void shouldRejectRecordShorterThanTheHeader() {
        var deserializer = new AvroDeserializer<>(CancelRequest.class, InMemorySchemaRegistryClient.forScope(SCOPE));

        assertThatThrownBy(() -> deserializer.deserialize("cancels", new byte[] {0, 0, 1}))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("at least 5");
    }

    @Test
    void shouldRejectUnknownSchemaId() {
        var deserializer = new AvroDeserializer<>(CancelRequest.class, InMemorySchemaRegistryClient.forScope(SCOPE));

        assertThatThrownBy(() -> deserializer.deserialize("cancels", HexFormat.of().parseHex("000000002a047231")))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("schema id 42");
    }

    @Test
    void shouldRejectTruncatedAvroPayload() {
        var registry = InMemorySchemaRegistryClient.forScope(SCOPE);
        byte[] bytes = new AvroSerializer<CancelRequest>(registry, true).serialize("cancels", cancel());
        byte[] truncated = java.util.Arrays.copyOf(bytes, bytes.length - 2);

        assertThatThrownBy(() -> new AvroDeserializer<>(CancelRequest.class, registry).deserialize("cancels", truncated))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("not a valid CancelRequest");
    }

    @Test
    void shouldRefuseToWriteWhenAutoRegisterIsOffAndSchemaIsUnknown() {
        var serializer = new AvroSerializer<CancelRequest>(InMemorySchemaRegistryClient.forScope(SCOPE), false);

        assertThatThrownBy(() -> serializer.serialize("cancels", cancel()))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("cancels-value");
    }
}
