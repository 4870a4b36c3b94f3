package io.coreserve.bench;

import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.topology.EventSerdes;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;

/** The clients a benchmark drives a pipeline with: a request producer, a decisions reader, and a lag probe. */
final class BenchClients {

    private BenchClients() {
    }

    /** Requests are sent at once (no linger), acknowledged by all replicas, idempotent: as a careful user sends. */
    static KafkaProducer<String, ReservationCommand> producer(CoreserveConfig config) {
        return producer(config, 0);
    }

    /**
     * As {@link #producer(CoreserveConfig)}, gathering what is sent within {@code lingerMillis} into one produce request
     * per partition, as a gateway forwarding many users' requests does.
     */
    static KafkaProducer<String, ReservationCommand> producer(CoreserveConfig config, int lingerMillis) {
        Properties props = ClientSettings.producer(config);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        props.put(ProducerConfig.LINGER_MS_CONFIG, Integer.toString(lingerMillis));
        return new KafkaProducer<>(props, new StringSerializer(), new EventSerdes(config).commands().serializer());
    }

    /**
     * A read_committed reader of every partition of the decisions topic from its current end (resolved now, before
     * the first request is sent), without a group. Undecodable records come back with a null value. Kafka's
     * default {@code fetch.max.wait.ms}: the broker answers a waiting read_committed fetch as soon as a commit makes
     * records readable, so a shorter wait (10 ms until 2026-11-30) only sent more fetches, about 50 a second more at
     * 100 requests/s, for the same latency (README, Benchmarks).
     */
    static KafkaConsumer<String, ReservationDecision> decisionsFromEnd(CoreserveConfig config) {
        Properties props = ClientSettings.consumer(config);
        props.remove(ConsumerConfig.GROUP_ID_CONFIG);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        KafkaConsumer<String, ReservationDecision> consumer = new KafkaConsumer<>(props,
                new SkippingDeserializer<>(new StringDeserializer()),
                new SkippingDeserializer<>(new EventSerdes(config).decisions().deserializer()));
        String topic = config.topics().decisions();
        List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                .map(p -> new TopicPartition(topic, p.partition())).toList();
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position);
        return consumer;
    }

    /**
     * The consumer lag of the pipeline on its requests topic: end offsets minus the offsets its group (the
     * application id) has committed, summed over partitions. Under exactly-once the group's offsets move with
     * each transaction, so this is what the pipeline has yet to decide (or decided in a transaction not yet
     * committed).
     */
    static final class Lag implements AutoCloseable {
        private final Admin admin;
        private final String group;
        private final String topic;

        Lag(CoreserveConfig config) {
            this.admin = Admin.create(ClientSettings.admin(config));
            this.group = config.require(StreamsConfig.APPLICATION_ID_CONFIG);
            this.topic = config.topics().requests();
        }

        /** The lag now, or -1 when the broker does not answer within two seconds. */
        long now() {
            try {
                Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                        .partitionsToOffsetAndMetadata().get(2, TimeUnit.SECONDS);
                List<TopicPartition> partitions = admin.describeTopics(List.of(topic)).allTopicNames()
                        .get(2, TimeUnit.SECONDS).get(topic).partitions().stream()
                        .map(p -> new TopicPartition(topic, p.partition())).toList();
                Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends = admin.listOffsets(
                        partitions.stream().collect(java.util.stream.Collectors.toMap(p -> p, p -> OffsetSpec.latest())))
                        .all().get(2, TimeUnit.SECONDS);
                long lag = 0;
                for (TopicPartition p : partitions) {
                    OffsetAndMetadata c = committed.get(p);
                    lag += ends.get(p).offset() - (c == null ? 0 : c.offset());
                }
                return lag;
            } catch (ExecutionException | TimeoutException e) {
                return -1;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return -1;
            }
        }

        @Override
        public void close() {
            admin.close();
        }
    }
}
