package io.coreserve.engine.srl;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.engine.model.PropertySchema;
import io.coreserve.engine.model.Resource;
import io.coreserve.engine.srl.cpsat.CpSatSolver;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A domain's resources split into pools by type; an SRL request with a disk and a link decided over them. */
class InventoriesTest {

    @Test
    void shouldSplitByTypeAndKeepTheNodesPropertyList() {
        List<Resource> resources = List.of(
                new Resource("n1", Map.of("cores", 8.0, "memory_gb", 16.0)),
                new Resource("l1", Map.of("netbw_mbps", 1000.0), Set.of("type=network", "endpoint.a=n1", "endpoint.b=s1")),
                new Resource("s1", Map.of("disk_gb", 500.0), Set.of("type=storage")));

        Inventory inventory = Inventories.of(PropertySchema.of("cores", "memory_gb"), resources);
        String srl = """
                RUN.TS.est = 1000
                RUN.TS.let = 100000
                RUN.TS.duration = 1h
                RUN.QOS.cpus = 4
                DSK.QOS.type = storage
                DSK.QOS.diskspace = 200 GB
                DSK.TS.duration = 1h
                NET.QOS.type = network
                NET.QOS.netbw = 100 Mbit/s
                NET.TS.duration = 1h
                DSK.CON.t = DSK.RVC.begin == RUN.RVC.begin
                NET.CON.t = NET.RVC.begin == RUN.RVC.begin
                NET.CON.a = NET.RVC.src == RUN.RVC.resource
                NET.CON.b = NET.RVC.dst == DSK.RVC.resource
                """;
        CoReservationDecision decision = new CoReservationPlanner(SrlConfig.defaults(),
                CpSatSolver.forDecisions(SrlConfig.defaults())).decide(srl, 0, inventory, new TimetableBooker(inventory));

        assertThat(inventory.nodes().catalogue().properties().names()).containsExactly("cores", "memory_gb");
        assertThat(inventory.links().catalogue().id(0)).isEqualTo("l1");
        assertThat(inventory.storage().catalogue().id(0)).isEqualTo("s1");
        assertThat(Inventories.isNode(resources.get(0))).isTrue();
        assertThat(Inventories.isNode(resources.get(1))).isFalse();
        assertThat(decision.accepted()).as("%s", decision.error()).isTrue();
        assertThat(decision.parts()).extracting(PartAllocation::resourceId).containsExactly("n1", "s1", "l1");
        assertThat(decision.parts().get(2).src()).isEqualTo("n1");
        assertThat(decision.parts().get(2).dst()).isEqualTo("s1");
        assertThat(decision.parts().get(2).bandwidthMbps()).isEqualTo(1000.0);
        assertThat(decision.parts().get(0).start()).isEqualTo(1_000_000L);
        long[] reserved = new long[1];
        inventory.storage().timetables().maxReserved(0, 1_000_000L, 1_000_001L, reserved);
        assertThat(reserved[0]).isEqualTo(200_000_000L);
    }
}
