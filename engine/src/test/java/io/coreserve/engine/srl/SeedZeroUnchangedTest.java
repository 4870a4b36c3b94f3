package io.coreserve.engine.srl;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.engine.allocation.CoAllocator;
import io.coreserve.engine.allocation.EngineConfig;
import io.coreserve.engine.allocation.Outcome;
import io.coreserve.engine.catalogue.InMemoryCatalogue;
import io.coreserve.engine.model.PropertySchema;
import io.coreserve.engine.model.Request;
import io.coreserve.engine.model.Resource;
import io.coreserve.engine.timetable.InMemoryTimetables;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 11: adding links and storage must not change what seed 000's collective requests decide. Seed 000 gives
 * every listed property a small default requirement, so listing {@code netbw_mbps} beside the nodes' properties
 * would turn every node away; links and storage therefore live in pools of their own and the nodes' list is the
 * same with or without them.
 */
class SeedZeroUnchangedTest {

    private static final long HOUR = 3_600_000L;

    @Test
    void aNodesListWithALinkPropertyWouldRefuseCollectiveRequests() {
        Outcome withLinkProperty = collective(PropertySchema.of("cores", "netbw_mbps"));

        assertThat(withLinkProperty.toString()).contains("Rejection");
    }

    @Test
    void collectiveRequestsDecideTheSameWhenSrlLinksAndStorageAreAdded() {
        Outcome before = collective(PropertySchema.of("cores"));
        // The demo inventory's nodes keep the list ("cores"); its links have a pool of their own.
        Inventory inventory = DemoInventory.create();

        assertThat(inventory.nodes().catalogue().properties()).isEqualTo(PropertySchema.of("cores"));
        assertThat(inventory.links().catalogue().properties().names()).containsExactly("netbw_mbps");
        assertThat(decided(collective(inventory.nodes().catalogue().properties()))).isEqualTo(decided(before));
        assertThat(before.toString()).doesNotContain("Rejection");
    }

    /** The decision without its timings. */
    private static String decided(Outcome outcome) {
        return outcome.toString().replaceAll(", stats=.*", "");
    }

    private static Outcome collective(PropertySchema properties) {
        InMemoryCatalogue nodes = new InMemoryCatalogue(properties);
        for (int i = 0; i < 4; i++) {
            nodes.add(new Resource("n" + i, Map.of("cores", 8.0)));
        }
        CoAllocator allocator = new CoAllocator(nodes, new InMemoryTimetables(nodes.size(), properties.size()),
                EngineConfig.defaults());
        Request request = Request.builder("r1", "alice").submittedAt(0).duration(HOUR).count(2)
                .window(0, 10 * HOUR).perResource("cores", 2).build();
        return allocator.probe(request);
    }
}
