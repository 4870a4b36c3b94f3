package io.coreserve.app;

import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.Resource;
import io.coreserve.topology.EventSerdes;
import java.util.Collection;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** Puts events on the pipeline's input topics, keyed by domain, and waits until the broker has them. */
public final class EventProducer {

    private EventProducer() {
    }

    /**
     * Sends the command's serialized bytes, so that a signing producer ({@code coreserve.auth.signing.credentials})
     * signs exactly what the pipeline will read.
     */
    public static void sendCommand(CoreserveConfig config, String domain, ReservationCommand command)
            throws InterruptedException, ExecutionException {
        String topic = config.topics().requests();
        byte[] value = new EventSerdes(config).commands().serializer().serialize(topic, command);
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(settings(config),
                new StringSerializer(), new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(topic, domain, value)).get();
        }
    }

    public static void sendResources(CoreserveConfig config, Collection<Resource> resources) {
        try (KafkaProducer<String, Resource> producer = new KafkaProducer<>(settings(config), new StringSerializer(),
                new EventSerdes(config).resources().serializer())) {
            for (Resource r : resources) {
                producer.send(new ProducerRecord<>(config.topics().resources(), r.getDomain(), r));
            }
            producer.flush();
        }
    }

    private static Properties settings(CoreserveConfig config) {
        Properties props = ClientSettings.producer(config);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        return props;
    }
}
