package io.coreserve.identity;

import java.nio.file.Path;
import java.util.Map;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;

/**
 * A command serializer that signs what it writes ({@link CommandSignature}) with the key of
 * {@link AuthSettings#SIGNING_CREDENTIALS}: a producer of typed commands signs without knowing it. A producer of
 * bytes that were serialized elsewhere (replay) signs with {@link CommandSigningInterceptor} instead.
 */
public final class SigningSerializer<T> implements Serializer<T> {

    private final Serializer<T> inner;
    private final Credentials credentials;

    public SigningSerializer(Serializer<T> inner, Credentials credentials) {
        if (credentials.signingKey() == null) {
            throw new IllegalArgumentException("the credentials of " + credentials.user() + " hold no signing key");
        }
        this.inner = inner;
        this.credentials = credentials;
    }

    /** {@code serde} with a signing serializer when {@code settings} name signing credentials, else itself. */
    public static <T> Serde<T> signingIfConfigured(Serde<T> serde, Map<String, ?> settings) {
        Object file = settings.get(AuthSettings.SIGNING_CREDENTIALS);
        if (file == null || file.toString().isBlank()) {
            return serde;
        }
        Credentials credentials = Credentials.read(Path.of(file.toString()));
        return Serdes.serdeFrom(new SigningSerializer<>(serde.serializer(), credentials), serde.deserializer());
    }

    /** Without headers there is nowhere to put the signature: the command goes unsigned. */
    @Override
    public byte[] serialize(String topic, T data) {
        return inner.serialize(topic, data);
    }

    @Override
    public byte[] serialize(String topic, Headers headers, T data) {
        byte[] value = inner.serialize(topic, headers, data);
        if (value != null) {
            CommandSignature.put(headers, credentials.user(),
                    CommandSignature.sign(credentials.signingKey(), topic, credentials.user(), value));
        }
        return value;
    }

    @Override
    public void close() {
        inner.close();
    }
}
