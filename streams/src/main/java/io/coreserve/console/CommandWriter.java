package io.coreserve.console;

import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.ReservationCommand;
import io.coreserve.identity.CommandSignature;
import io.coreserve.routing.DomainPartitioner;
import io.coreserve.topology.EventSerdes;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.crypto.SecretKey;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Writes the console users' commands to the requests topic, each signed with its user's own key exactly as
 * {@code bin/coreserve submit} signs it ({@link CommandSignature}), so the pipeline cannot tell the page from the
 * CLI. The value is serialised first and signed afterwards, so a signing serializer the app itself may be
 * configured with never signs in the app's name.
 */
final class CommandWriter implements AutoCloseable {

    private final String topic;
    private final Serializer<ReservationCommand> values;
    private final KafkaProducer<String, byte[]> producer;

    CommandWriter(CoreserveConfig config) {
        this.topic = config.topics().requests();
        this.values = new EventSerdes(config).commands().serializer();
        Properties props = ClientSettings.producer(config);
        // The user's signature, not the app's: no signing interceptor of the app's own credentials.
        props.remove(ProducerConfig.INTERCEPTOR_CLASSES_CONFIG);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        // Routed by domain like the CLI's commands (the key is the domain).
        props.put(ProducerConfig.PARTITIONER_CLASS_CONFIG, DomainPartitioner.class.getName());
        this.producer = new KafkaProducer<>(props, new StringSerializer(), new ByteArraySerializer());
    }

    /** Sends {@code command} keyed by {@code domain}, signed by {@code user} when a key is given; waits for the ack. */
    void send(String domain, String user, Optional<SecretKey> key, ReservationCommand command)
            throws InterruptedException, ExecutionException, TimeoutException {
        RecordHeaders headers = new RecordHeaders();
        byte[] value = values.serialize(topic, headers, command);
        key.ifPresent(k -> CommandSignature.put(headers, user, CommandSignature.sign(k, topic, user, value)));
        producer.send(new ProducerRecord<>(topic, null, domain, value, headers)).get(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        producer.close();
        values.close();
    }
}
