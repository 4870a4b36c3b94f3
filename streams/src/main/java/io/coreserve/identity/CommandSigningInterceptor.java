package io.coreserve.identity;

import io.coreserve.config.Topics;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.producer.ProducerInterceptor;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Signs every record a producer sends to the requests topic with the key of {@link AuthSettings#SIGNING_CREDENTIALS}
 * ({@code interceptor.classes}). It signs what goes on the wire, so it needs the value already serialized: a
 * producer of {@code byte[]} values (replay, Kafka Connect workers). Typed values are left to the
 * {@link SigningSerializer} that {@code EventSerdes.commands()} gives a client with signing credentials.
 */
public final class CommandSigningInterceptor implements ProducerInterceptor<Object, Object> {

    private static final Logger LOG = LoggerFactory.getLogger(CommandSigningInterceptor.class);

    private final AtomicBoolean logged = new AtomicBoolean();
    private String requestsTopic;
    private Credentials credentials;

    /** Adds this interceptor to producer settings when {@code settings} name signing credentials. */
    public static void addTo(Map<Object, Object> producerSettings, Map<String, ?> settings) {
        Object file = settings.get(AuthSettings.SIGNING_CREDENTIALS);
        if (file == null || file.toString().isBlank()) {
            return;
        }
        Object others = producerSettings.get("interceptor.classes");
        producerSettings.put("interceptor.classes", others == null || others.toString().isBlank()
                ? CommandSigningInterceptor.class.getName() : others + "," + CommandSigningInterceptor.class.getName());
        producerSettings.put(AuthSettings.SIGNING_CREDENTIALS, file.toString());
        Object topic = settings.get(Topics.REQUESTS);
        if (topic != null) {
            producerSettings.put(Topics.REQUESTS, topic.toString());
        }
    }

    @Override
    public void configure(Map<String, ?> configs) {
        Object file = configs.get(AuthSettings.SIGNING_CREDENTIALS);
        if (file == null) {
            throw new IllegalArgumentException(getClass().getSimpleName() + " needs " + AuthSettings.SIGNING_CREDENTIALS);
        }
        credentials = Credentials.read(Path.of(file.toString()));
        if (credentials.signingKey() == null) {
            throw new IllegalArgumentException("the credentials of " + credentials.user() + " hold no signing key");
        }
        Object topic = configs.get(Topics.REQUESTS);
        requestsTopic = topic != null ? topic.toString() : "coreserve.requests";
    }

    @Override
    public ProducerRecord<Object, Object> onSend(ProducerRecord<Object, Object> record) {
        if (!record.topic().equals(requestsTopic)) {
            return record;
        }
        if (!(record.value() instanceof byte[] value)) {
            if (logged.compareAndSet(false, true)) {
                LOG.debug("Values to {} are {}, not bytes: left to the value serializer to sign", requestsTopic,
                        record.value() == null ? "null" : record.value().getClass().getName());
            }
            return record;
        }
        RecordHeaders headers = new RecordHeaders(record.headers().toArray());
        CommandSignature.put(headers, credentials.user(),
                CommandSignature.sign(credentials.signingKey(), record.topic(), credentials.user(), value));
        return new ProducerRecord<>(record.topic(), record.partition(), record.timestamp(), record.key(), value, headers);
    }

    @Override
    public void onAcknowledgement(RecordMetadata metadata, Exception exception) {
    }

    @Override
    public void close() {
    }
}
