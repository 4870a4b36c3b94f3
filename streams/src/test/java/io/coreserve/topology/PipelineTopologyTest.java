package io.coreserve.topology;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.reservation.ReservationPipeline;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyDescription;
import org.junit.jupiter.api.Test;

/**
 * Pins the topology: renaming a node, store or topic changes the names of changelog topics and state
 * directories, which loses state on upgrade. If this fails on purpose, update topology.txt and say in the
 * release notes how to migrate.
 */
class PipelineTopologyTest {

    private static Topology build() {
        CoreserveConfig config = CoreserveConfig.of(Map.of(CoreserveConfig.SCHEMA_REGISTRY_URL, "mock://topology"));
        ReservationPipeline pipeline = ReservationPipeline.forConfig(config);
        return PipelineTopology.build(config.topics(), new EventSerdes(config), pipeline.handlers(), pipeline.stores());
    }

    @Test
    void shouldKeepItsDescriptionStable() throws IOException {
        String expected;
        try (InputStream in = getClass().getResourceAsStream("topology.txt")) {
            expected = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }

        assertThat(build().describe().toString().strip()).isEqualTo(expected.strip());
    }

    @Test
    void shouldOwnEveryStoreInTheOneProcessorThatReadsAllInputsOfADomain() {
        TopologyDescription description = build().describe();

        assertThat(description.subtopologies()).hasSize(1);
        var processor = description.subtopologies().iterator().next().nodes().stream()
                .filter(n -> n.name().equals(PipelineTopology.PROCESSOR)).findFirst().orElseThrow();
        assertThat(((TopologyDescription.Processor) processor).stores())
                .containsExactlyInAnyOrder(ReservationPipeline.CATALOGUE_STORE, ReservationPipeline.RESERVATIONS_STORE,
                        ReservationPipeline.REQUESTS_STORE, ReservationPipeline.BACKGROUND_STORE,
                        ReservationPipeline.DOWN_STORE, ReservationPipeline.CLOCK_STORE,
                        ReservationPipeline.PENDING_SAMPLES_STORE, ReservationPipeline.CO_RESERVATIONS_STORE,
                        ReservationPipeline.BIND_ANSWERS_STORE);
    }
}
