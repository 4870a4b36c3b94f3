package io.coreserve.identity;

import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * A signed topic's value serde as the pipeline reads it (the requests topic, the vgrid-requests topic): the
 * configured serde, whose deserializer is wrapped in an {@link AuthenticatingCommandDeserializer} set up from the
 * {@code coreserve.auth.*} settings. Writing is unchanged (signing is the producer's business, see
 * {@link SigningSerializer} and {@link CommandSigningInterceptor}).
 */
public final class AuthenticatedCommandSerde<T> implements Serde<T> {

    private final Serde<T> inner;
    private final AuthenticatingCommandDeserializer<T> deserializer;

    /** @param userRecord the Avro record inside a command that has its {@code user} field */
    public AuthenticatedCommandSerde(Serde<T> inner, Map<String, ?> settings, Function<? super T, ?> userRecord) {
        this.inner = inner;
        this.deserializer = new AuthenticatingCommandDeserializer<>(inner.deserializer(), AuthSettings.from(settings),
                userRecord);
    }

    @Override
    public Serializer<T> serializer() {
        return inner.serializer();
    }

    @Override
    public Deserializer<T> deserializer() {
        return deserializer;
    }

    @Override
    public void close() {
        inner.close();
    }
}
