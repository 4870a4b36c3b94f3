package io.coreserve.evaluation.collective;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.trace.planetlab.NodeTrace;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HostTracesTest {

    @Test
    void shouldSumTheSlicesOfEachHostCappedAtTheWholeNode() {
        List<NodeTrace> slices = List.of(
                trace("planetlab1_cs_example_edu_root", 10),
                trace("planetlab1_cs_example_edu_uw_oneswarm", 30),
                trace("planetlab1_cs_example_edu_arizona_stork_install", 70),
                trace("node_example_org_princeton_codeen", 5),
                trace("node_example_org_ yale_p4p", 6),
                trace("single", 40));

        List<NodeTrace> hosts = HostTraces.aggregate(slices);

        assertThat(hosts).extracting(NodeTrace::node)
                .containsExactly("node_example_org", "planetlab1_cs_example_edu", "single");
        assertThat(hosts.get(0).at(0)).isEqualTo(11);
        assertThat(hosts.get(1).at(287)).isEqualTo(100); // 10 + 30 + 70, capped
        assertThat(hosts.get(2).at(5)).isEqualTo(40);
    }

    @Test
    void shouldSplitTheHostFromTheSliceByRootFilesKnownSlicesAndElseTheSiteUnderscoreName() {
        Set<String> roots = Set.of("planetlab1_cs_example_edu");
        Set<String> known = Set.of("arizona_stork_install", "uw_oneswarm");

        assertThat(HostTraces.host("planetlab1_cs_example_edu_umn_net_tools", roots, known))
                .isEqualTo("planetlab1_cs_example_edu");
        assertThat(HostTraces.host("pl2_other_net_arizona_stork_install", roots, known)).isEqualTo("pl2_other_net");
        assertThat(HostTraces.host("pl2_other_net_ rnp_dcc_ufjf", roots, known)).isEqualTo("pl2_other_net");
        assertThat(HostTraces.host("pl2_other_net_poly_cao", roots, known)).isEqualTo("pl2_other_net");
        assertThat(HostTraces.host("a_b", roots, known)).isEqualTo("a_b");
    }

    private static NodeTrace trace(String name, int percent) {
        int[] values = new int[NodeTrace.INTERVALS];
        Arrays.fill(values, percent);
        return new NodeTrace(name, values);
    }
}
