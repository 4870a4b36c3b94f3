package io.coreserve.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.junit.jupiter.api.Test;

class RegistryWaitingDeserializerTest {

    private final List<Long> pauses = new ArrayList<>();

    /** Fails with an unreachable registry {@code outages} times, then reads the bytes as text. */
    private static Deserializer<String> registryDownFor(int outages) {
        int[] calls = {0};
        return (topic, data) -> {
            if (calls[0]++ < outages) {
                throw new SerializationException("cannot read", new SchemaRegistryUnavailableException(
                        "registry unreachable", 0, 0, null));
            }
            return new String(data, StandardCharsets.UTF_8);
        };
    }

    @Test
    void shouldWaitForTheRegistryWithGrowingPausesUpToFiveSecondsAndThenRead() {
        var waiting = new RegistryWaitingDeserializer<>(registryDownFor(5), pauses::add);

        assertThat(waiting.deserialize("catalogue", "node-1".getBytes(StandardCharsets.UTF_8))).isEqualTo("node-1");
        assertThat(pauses).containsExactly(1_000L, 2_000L, 4_000L, 5_000L, 5_000L);
    }

    @Test
    void shouldPassEveryOtherErrorOnAtOnce() {
        Deserializer<String> unreadable = (topic, data) -> {
            throw new SerializationException("unknown magic byte");
        };
        var waiting = new RegistryWaitingDeserializer<>(unreadable, pauses::add);

        assertThatThrownBy(() -> waiting.deserialize("catalogue", new byte[] {1}))
                .isInstanceOf(SerializationException.class).hasMessage("unknown magic byte");
        assertThat(pauses).isEmpty();
    }

    @Test
    void shouldGiveUpWithTheRegistryErrorWhenInterrupted() {
        var waiting = new RegistryWaitingDeserializer<>(registryDownFor(Integer.MAX_VALUE), millis -> {
            throw new InterruptedException();
        });

        try {
            assertThatThrownBy(() -> waiting.deserialize("catalogue", new byte[] {1}))
                    .satisfies(e -> assertThat(SchemaRegistryUnavailableException.isCause(e)).isTrue());
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }
}
