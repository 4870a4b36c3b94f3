package io.coreserve.testing;

import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.apache.kafka.server.common.MetadataVersion;

/**
 * A real single-node KRaft broker (combined broker and controller) in the test JVM. KafkaClusterTestKit is
 * an internal Kafka API that moves between releases, so every test goes through this one class.
 */
public final class EmbeddedKafka implements AutoCloseable {

    private final KafkaClusterTestKit cluster;

    private EmbeddedKafka(KafkaClusterTestKit cluster) {
        this.cluster = cluster;
    }

    public static EmbeddedKafka start() throws Exception {
        return start(java.util.Map.of());
    }

    /** The same broker with {@code brokerSettings} added (e.g. a short {@code log.retention.check.interval.ms}). */
    public static EmbeddedKafka start(java.util.Map<String, String> brokerSettings) throws Exception {
        TestKitNodes nodes = new TestKitNodes.Builder()
                .setCombined(true)
                .setNumBrokerNodes(1)
                .setNumControllerNodes(1)
                // Without this the kit formats with an unstable testing metadata version.
                .setBootstrapMetadataVersion(MetadataVersion.LATEST_PRODUCTION)
                .build();
        KafkaClusterTestKit.Builder builder = new KafkaClusterTestKit.Builder(nodes)
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .setConfigProp("auto.create.topics.enable", "false");
        brokerSettings.forEach(builder::setConfigProp);
        KafkaClusterTestKit cluster = builder.build();
        cluster.format();
        cluster.startup();
        cluster.waitForReadyBrokers();
        return new EmbeddedKafka(cluster);
    }

    public String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    @Override
    public void close() throws Exception {
        cluster.close();
    }
}
