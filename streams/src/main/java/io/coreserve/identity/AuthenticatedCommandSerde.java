package io.coreserve.identity;

import io.coreserve.events.ReservationCommand;
import java.util.Map;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * The requests topic's value serde as the pipeline reads it: the configured command serde, whose deserializer is
 * wrapped in an {@link AuthenticatingCommandDeserializer} set up from the {@code coreserve.auth.*} settings.
 * Writing is unchanged (signing is the producer's business, see {@link CommandSigningInterceptor}).
 */
public final class AuthenticatedCommandSerde implements Serde<ReservationCommand> {

    private final Serde<ReservationCommand> inner;
    private final AuthenticatingCommandDeserializer deserializer;

    public AuthenticatedCommandSerde(Serde<ReservationCommand> inner, Map<String, ?> settings) {
        this.inner = inner;
        this.deserializer = new AuthenticatingCommandDeserializer(inner.deserializer(), AuthSettings.from(settings));
    }

    @Override
    public Serializer<ReservationCommand> serializer() {
        return inner.serializer();
    }

    @Override
    public Deserializer<ReservationCommand> deserializer() {
        return deserializer;
    }

    @Override
    public void close() {
        inner.close();
    }
}
