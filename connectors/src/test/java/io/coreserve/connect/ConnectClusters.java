package io.coreserve.connect;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.connect.runtime.WorkerConfig;
import org.apache.kafka.connect.runtime.distributed.DistributedConfig;
import org.apache.kafka.connect.runtime.rest.entities.ConnectorStateInfo;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;

/** A real broker and one distributed Connect worker in the test JVM (EmbeddedConnectCluster), set up once here. */
final class ConnectClusters {

    private ConnectClusters() {
    }

    static EmbeddedConnectCluster start(String name) {
        // EmbeddedConnectCluster adds its own settings to this map, so it must be mutable.
        Map<String, String> workerProps = new HashMap<>();
        // Only the plugins registered in META-INF/services: no class-path scan (faster start, and it checks ours).
        workerProps.put(WorkerConfig.PLUGIN_DISCOVERY_CONFIG, "service_load");
        workerProps.put(WorkerConfig.OFFSET_COMMIT_INTERVAL_MS_CONFIG, "1000");
        // Resources are keyed by domain and id but must land with their domain's requests and samples.
        workerProps.put("producer.partitioner.class", io.coreserve.routing.DomainPartitioner.class.getName());
        workerProps.put(DistributedConfig.SCHEDULED_REBALANCE_MAX_DELAY_MS_CONFIG, "0");
        Properties brokerProps = new Properties();
        brokerProps.put("auto.create.topics.enable", "false");
        brokerProps.put("group.initial.rebalance.delay.ms", "0");
        EmbeddedConnectCluster connect = new EmbeddedConnectCluster.Builder()
                .name(name)
                .numWorkers(1)
                .workerProps(workerProps)
                .brokerProps(brokerProps)
                .build();
        connect.start();
        return connect;
    }

    /** Waits until the connector and {@code tasks} tasks run; fails at once, with the trace, if a task failed. */
    static void awaitRunning(EmbeddedConnectCluster connect, String connector, int tasks) {
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() -> {
            ConnectorStateInfo info;
            try {
                info = connect.connectorStatus(connector);
            } catch (RuntimeException notYet) {
                return false;
            }
            for (ConnectorStateInfo.TaskState task : info.tasks()) {
                if ("FAILED".equals(task.state())) {
                    throw new AssertionError("task " + task.id() + " of " + connector + " failed: " + task.trace());
                }
            }
            return "RUNNING".equals(info.connector().state()) && info.tasks().size() == tasks
                    && info.tasks().stream().allMatch(t -> "RUNNING".equals(t.state()));
        });
    }
}
