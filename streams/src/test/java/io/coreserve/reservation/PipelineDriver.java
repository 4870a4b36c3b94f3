package io.coreserve.reservation;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.topology.EventSerdes;
import io.coreserve.topology.PipelineTopology;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TopologyTestDriver;

/** The reservation pipeline (properties cores and memory_gb) on a TopologyTestDriver with its own state and scope. */
public record PipelineDriver(CoreserveConfig config, EventSerdes serdes, ReservationPipeline pipeline,
        TopologyTestDriver driver) {

    public static PipelineDriver start(Path stateDir, String registryScope, Instant start) {
        return start(stateDir, registryScope, start, Map.of());
    }

    /** As above, with further settings (e.g. the engine's algorithm). */
    public static PipelineDriver start(Path stateDir, String registryScope, Instant start, Map<String, String> more) {
        Map<String, String> settings = new java.util.HashMap<>(Map.of(
                StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092",
                StreamsConfig.STATE_DIR_CONFIG, stateDir.toString(),
                CoreserveConfig.SCHEMA_REGISTRY_URL, "mock://" + registryScope,
                ReservationSettings.PROPERTIES, "cores,memory_gb"));
        settings.putAll(more);
        CoreserveConfig config = CoreserveConfig.of(settings);
        EventSerdes serdes = new EventSerdes(config);
        ReservationPipeline pipeline = ReservationPipeline.forConfig(config);
        return new PipelineDriver(config, serdes, pipeline, new TopologyTestDriver(PipelineTopology.build(
                config.topics(), serdes, pipeline.handlers(), pipeline.stores()), config.streamsProperties(), start));
    }

    /** Queries over the driver's stores, with the live books of its task. */
    public ReservationQueries queries() {
        return pipeline.queries(name -> driver.getKeyValueStore(name));
    }
}
