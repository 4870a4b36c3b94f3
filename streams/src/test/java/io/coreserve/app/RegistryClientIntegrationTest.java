package io.coreserve.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.coreserve.events.CancelRequest;
import io.coreserve.local.ApicurioRegistryProcess;
import io.coreserve.serde.AvroDeserializer;
import io.coreserve.serde.AvroSerializer;
import io.coreserve.serde.IncompatibleSchemaException;
import io.coreserve.serde.RestSchemaRegistryClient;
import java.nio.file.Path;
import java.time.Instant;
import org.apache.avro.Schema;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Our registry client and serde against a real Confluent-compatible registry (Apicurio's ccompat API). */
@Tag("integration")
class RegistryClientIntegrationTest {

    @TempDir
    static Path temp;

    private static ApicurioRegistryProcess registry;

    @BeforeAll
    static void start() {
        registry = ApicurioRegistryProcess.start(temp);
    }

    @AfterAll
    static void stop() {
        registry.close();
    }

    private static Schema record(String fields) {
        return new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"Probe\",\"fields\":[" + fields + "]}");
    }

    @Test
    void shouldGiveTheSameIdForTheSameSchemaAndServeItBack() {
        var client = new RestSchemaRegistryClient(registry.url());
        Schema schema = record("{\"name\":\"a\",\"type\":\"string\"}");

        int first = client.register("same-value", schema);
        int again = new RestSchemaRegistryClient(registry.url()).register("same-value", schema);

        assertThat(again).isEqualTo(first);
        assertThat(new RestSchemaRegistryClient(registry.url()).getById(first)).isEqualTo(schema);
    }

    @Test
    void shouldAcceptAnOptionalFieldAndRefuseATypeChangeWithAClearError() {
        var client = new RestSchemaRegistryClient(registry.url());
        client.register("evolving-value", record("{\"name\":\"a\",\"type\":\"string\"}"));
        client.setCompatibility("evolving-value", "BACKWARD");

        Schema optionalAdded = record("{\"name\":\"a\",\"type\":\"string\"},{\"name\":\"b\",\"type\":[\"null\",\"int\"],\"default\":null}");
        Schema typeChanged = record("{\"name\":\"a\",\"type\":\"int\"}");

        assertThat(client.isCompatible("evolving-value", optionalAdded)).isTrue();
        assertThat(client.isCompatible("evolving-value", typeChanged)).isFalse();
        assertThatThrownBy(() -> client.register("evolving-value", typeChanged))
                .isInstanceOf(IncompatibleSchemaException.class)
                .hasMessageContaining("evolving-value")
                .hasMessageContaining("not compatible");
    }

    @Test
    void shouldRoundTripAnEventThroughTheRealRegistry() {
        var client = new RestSchemaRegistryClient(registry.url());
        CancelRequest cancel = CancelRequest.newBuilder().setRequestId("r").setUser("u").setRequestedAt(Instant.ofEpochMilli(5))
                .build();

        byte[] bytes = new AvroSerializer<CancelRequest>(client, true).serialize("cancels", cancel);
        CancelRequest read = new AvroDeserializer<>(CancelRequest.class, new RestSchemaRegistryClient(registry.url()))
                .deserialize("cancels", bytes);

        assertThat(read).isEqualTo(cancel);
    }

    @Test
    void shouldRefuseToWriteAnUnregisteredSchemaWhenAutoRegisterIsOff() {
        var serializer = new AvroSerializer<CancelRequest>(new RestSchemaRegistryClient(registry.url()), false);
        CancelRequest cancel = CancelRequest.newBuilder().setRequestId("r").setUser("u").setRequestedAt(Instant.EPOCH).build();

        assertThatThrownBy(() -> serializer.serialize("never-registered", cancel))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("never-registered-value");
    }
}
