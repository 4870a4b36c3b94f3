package io.coreserve.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.coreserve.events.CancelRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.avro.Schema;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

/**
 * The deserializer checks what a record declares before allocating for it, and tells a registry that cannot answer
 * (retriable) from a schema id the registry does not know (a bad record).
 */
class BoundedReadTest {

    private static final String TOPIC = "requests";

    private final InMemorySchemaRegistryClient registry = new InMemorySchemaRegistryClient();
    private final int cancelId = registry.register(TOPIC + "-value", CancelRequest.getClassSchema());

    private static byte[] framed(int schemaId, byte[] avro) {
        return ByteBuffer.allocate(WireFormat.HEADER_SIZE + avro.length).put(WireFormat.MAGIC_BYTE).putInt(schemaId)
                .put(avro).array();
    }

    private static byte[] avro(IoWriter writer) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(out, null);
        writer.write(encoder);
        encoder.flush();
        return out.toByteArray();
    }

    private interface IoWriter {
        void write(BinaryEncoder encoder) throws IOException;
    }

    @Test
    void shouldRefuseAStringLengthOfTwoBillionWithoutAllocatingIt() throws Exception {
        // requestId says 2×10⁹ bytes follow; the record has 14 bytes in all.
        byte[] record = framed(cancelId, avro(e -> {
            e.writeLong(2_000_000_000L);
            e.writeFixed(new byte[4]);
        }));
        var deserializer = new AvroDeserializer<>(CancelRequest.class, registry);

        assertThat(record).hasSize(14);
        assertThatThrownBy(() -> deserializer.deserialize(TOPIC, record))
                .isInstanceOf(SerializationException.class)
                .hasRootCauseInstanceOf(ReadLimitException.class)
                .hasMessageContaining("string of 2000000000 bytes in a record of 9 bytes");
    }

    @Test
    void shouldRefuseAStringLongerThanTheConfiguredLimitEvenIfTheBytesAreThere() throws Exception {
        String id = "x".repeat(200);
        byte[] record = new AvroSerializer<CancelRequest>(registry, true).serialize(TOPIC, CancelRequest.newBuilder()
                .setRequestId(id).setUser("alice").setRequestedAt(Instant.EPOCH).build());
        var limits = new ReadLimits(10_000, 100, 1_000, Duration.ZERO);

        assertThatThrownBy(() -> new AvroDeserializer<>(CancelRequest.class, registry, limits).deserialize(TOPIC, record))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("string of 200 bytes, more than " + ReadLimits.MAX_STRING_BYTES + "=100");
        assertThat(new AvroDeserializer<>(CancelRequest.class, registry).deserialize(TOPIC, record).getRequestId())
                .isEqualTo(id);
    }

    @Test
    void shouldReadBackWhatTheApplicationStoredWhateverTheLimitsForOutsideRecords() {
        // A store entry the pipeline wrote itself must stay readable, or every later record touching it fails.
        String id = "y".repeat(2_000);
        byte[] record = new AvroSerializer<CancelRequest>(registry, true).serialize("app-store-changelog",
                CancelRequest.newBuilder().setRequestId(id).setUser("alice").setRequestedAt(Instant.EPOCH).build());
        var limits = new ReadLimits(1_000, 100, 1_000, Duration.ZERO);
        var deserializer = new AvroDeserializer<>(CancelRequest.class, registry, limits);

        assertThat(deserializer.deserialize("app-store-changelog", record).getRequestId()).isEqualTo(id);
        assertThatThrownBy(() -> deserializer.deserialize(TOPIC, record)).isInstanceOf(SerializationException.class)
                .hasMessageContaining(ReadLimits.MAX_RECORD_BYTES);
    }

    @Test
    void shouldRefuseARecordLargerThanTheConfiguredMaximumUnread() {
        byte[] record = framed(cancelId, new byte[2_000]);
        var deserializer = new AvroDeserializer<CancelRequest>(CancelRequest.class, registry);
        deserializer.configure(Map.of(AvroSerdeConfig.SCHEMA_REGISTRY_URL, "mock://unused",
                ReadLimits.MAX_RECORD_BYTES, "1000"), false);

        assertThatThrownBy(() -> deserializer.deserialize(TOPIC, record))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("2005 bytes, more than " + ReadLimits.MAX_RECORD_BYTES + "=1000");
    }

    @Test
    void shouldRefuseTwoBillionArrayItemsThatTakeNoBytesEvenWhenTheReaderSkipsThem() throws Exception {
        // A compatible writer schema with one more field, an array of nulls: each item takes 0 bytes, so only the
        // item count can stop the reader from looping or allocating for 2×10⁹ of them.
        Schema writer = new Schema.Parser().parse("""
                {"type":"record","name":"CancelRequest","namespace":"io.coreserve.events","fields":[
                  {"name":"requestId","type":"string"},{"name":"user","type":"string"},
                  {"name":"junk","type":{"type":"array","items":"null"}},
                  {"name":"requestedAt","type":"long"}]}""");
        int writerId = registry.register("other-value", writer);
        byte[] record = framed(writerId, avro(e -> {
            e.writeString("r1");
            e.writeString("alice");
            e.writeLong(2_000_000_000L);
            e.writeLong(0L);
            e.writeLong(0L);
        }));

        assertThatThrownBy(() -> new AvroDeserializer<>(CancelRequest.class, registry).deserialize(TOPIC, record))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("2000000000 array items or map entries, more than "
                        + ReadLimits.MAX_COLLECTION_ITEMS);
    }

    @Test
    void shouldWaitForAnUnreachableRegistryAndReadOnceItAnswers() {
        byte[] record = new AvroSerializer<CancelRequest>(registry, true).serialize(TOPIC, CancelRequest.newBuilder()
                .setRequestId("r2").setUser("bob").setRequestedAt(Instant.EPOCH).build());
        AtomicInteger failuresLeft = new AtomicInteger(3);
        var flaky = new FlakyRegistry(registry, failuresLeft);

        CancelRequest read = new AvroDeserializer<>(CancelRequest.class, flaky,
                ReadLimits.DEFAULTS.withRegistryWait(Duration.ofSeconds(30))).deserialize(TOPIC, record);

        assertThat(read.getRequestId()).isEqualTo("r2");
        assertThat(failuresLeft).hasValue(0);
    }

    @Test
    void shouldReportAnUnreachableRegistryAsRetriableAndAnUnknownIdAsABadRecord() {
        byte[] record = new AvroSerializer<CancelRequest>(registry, true).serialize(TOPIC, CancelRequest.newBuilder()
                .setRequestId("r3").setUser("bob").setRequestedAt(Instant.EPOCH).build());
        var down = new FlakyRegistry(registry, new AtomicInteger(Integer.MAX_VALUE));

        assertThatThrownBy(() -> new AvroDeserializer<>(CancelRequest.class, down,
                ReadLimits.DEFAULTS.withRegistryWait(Duration.ofMillis(300))).deserialize(TOPIC, record))
                .isInstanceOf(SchemaRegistryUnavailableException.class)
                .hasMessageContaining("retriable");
        assertThatThrownBy(() -> new AvroDeserializer<>(CancelRequest.class, registry).deserialize(TOPIC,
                framed(9_999, new byte[4])))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("schema id 9999")
                .satisfies(e -> assertThat(SchemaRegistryUnavailableException.isCause(e)).isFalse());
    }

    /** Answers "unreachable" a number of times, then as {@code real} does. */
    private record FlakyRegistry(SchemaRegistryClient real, AtomicInteger failuresLeft) implements SchemaRegistryClient {

        @Override
        public Schema getById(int id) {
            if (failuresLeft.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0) {
                throw new SchemaRegistryUnavailableException("registry down", -1, -1, null);
            }
            return real.getById(id);
        }

        @Override
        public int register(String subject, Schema schema) {
            return real.register(subject, schema);
        }

        @Override
        public int lookupId(String subject, Schema schema) {
            return real.lookupId(subject, schema);
        }

        @Override
        public boolean isCompatible(String subject, Schema schema) {
            return real.isCompatible(subject, schema);
        }
    }
}
