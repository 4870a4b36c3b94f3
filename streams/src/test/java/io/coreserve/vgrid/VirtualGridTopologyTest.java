package io.coreserve.vgrid;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.reservation.ReservationPipeline;
import io.coreserve.topology.CoreserveTopology;
import io.coreserve.topology.EventSerdes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.kafka.streams.Topology;
import org.junit.jupiter.api.Test;

/**
 * Pins the coordinator's part of the topology (renaming a node or store renames changelogs and loses state), and
 * checks that it joins the application's topology without name clashes.
 */
class VirtualGridTopologyTest {

    private static final CoreserveConfig CONFIG = CoreserveConfig.of(
            Map.of(CoreserveConfig.SCHEMA_REGISTRY_URL, "mock://vgrid-topology", "bootstrap.servers", "unused:9092"));

    @Test
    void shouldKeepItsDescriptionStable() throws IOException {
        String expected;
        try (InputStream in = getClass().getResourceAsStream("vgrid-topology.txt")) {
            expected = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Topology topology = VirtualGridTopology.addTo(new Topology(), CONFIG.topics(), new EventSerdes(CONFIG),
                VirtualGridSettings.from(CONFIG));

        assertThat(topology.describe().toString().strip()).isEqualTo(expected.strip());
    }

    @Test
    void shouldJoinTheApplicationTopology() {
        Topology topology = CoreserveTopology.build(CONFIG, ReservationPipeline.forConfig(CONFIG));

        assertThat(topology.describe().toString()).contains(VirtualGridTopology.COORDINATOR,
                VirtualGridTopology.STATES_STORE, "AllocateAndBook", "OffersMetascheduler");
    }
}
