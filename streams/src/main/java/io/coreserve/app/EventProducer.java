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
import org.apache.kafka.common.serialization.StringSerializer;

/** Puts events on the pipeline's input topics, keyed by domain, and waits until the broker has them. */
public final class EventProducer {

    private EventProducer() {
    }

    public static void sendCommand(CoreserveConfig config, String domain, ReservationCommand command)
            throws InterruptedException, ExecutionException {
        try (KafkaProducer<String, ReservationCommand> producer = new KafkaProducer<>(settings(config),
                new StringSerializer(), new EventSerdes(config).commands().serializer())) {
            producer.send(new ProducerRecord<>(config.topics().requests(), domain, command)).get();
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
