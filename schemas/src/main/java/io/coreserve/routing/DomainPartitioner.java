package io.coreserve.routing;

import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.utils.Utils;

/**
 * Routes a record by the domain part of its key ({@link DomainKey}): a key {@code domain<US>id} goes to the
 * partition the default partitioner gives the key {@code domain}, so a resource keyed by domain and id lands on the
 * same partition (and stream task) as its domain's requests and samples, which are keyed by domain alone. Keys
 * without a separator are routed exactly as the default partitioner routes them. It works on the serialized key,
 * which must be UTF-8 text (as {@code StringSerializer} writes it): U+001F is one byte that no other character's
 * encoding contains.
 *
 * <p>Set {@code partitioner.class=io.coreserve.routing.DomainPartitioner} on every producer of the resources topic
 * (for Kafka Connect: {@code producer.partitioner.class} on the worker, or {@code producer.override.partitioner.class}
 * on the connector).
 */
public class DomainPartitioner implements org.apache.kafka.clients.producer.Partitioner {

    @Override
    public int partition(String topic, Object key, byte[] keyBytes, Object value, byte[] valueBytes, Cluster cluster) {
        int partitions = cluster.partitionsForTopic(topic).size();
        if (keyBytes == null) {
            // No domain to route by: any partition (the pipeline rejects such records with a reason).
            return ThreadLocalRandom.current().nextInt(partitions);
        }
        return partition(keyBytes, partitions);
    }

    /** The partition of a serialized key among {@code partitions}: the default partitioner's, of its domain part. */
    public static int partition(byte[] keyBytes, int partitions) {
        int length = keyBytes.length;
        for (int i = 0; i < keyBytes.length; i++) {
            if (keyBytes[i] == (byte) DomainKey.SEPARATOR) {
                length = i;
                break;
            }
        }
        byte[] domain = length == keyBytes.length ? keyBytes : java.util.Arrays.copyOf(keyBytes, length);
        // The same formula as the default partitioner (BuiltInPartitioner.partitionForKey) applies to a key.
        return Utils.toPositive(Utils.murmur2(domain)) % partitions;
    }

    @Override
    public void configure(Map<String, ?> configs) {
    }

    @Override
    public void close() {
    }
}
