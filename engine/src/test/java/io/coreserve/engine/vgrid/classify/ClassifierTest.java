package io.coreserve.engine.vgrid.classify;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ClassifierTest {

    /** Hosts given one by one: site, explicit cluster (or null), processor, clock. */
    private record Host(int site, String cluster, String processor, int clock) {
    }

    private static HostInventory inventory(List<Site> sites, List<Host> hosts) {
        return new HostInventory() {
            public int hosts() { return hosts.size(); }
            public List<Site> sites() { return sites; }
            public int site(int h) { return hosts.get(h).site(); }
            public String explicitCluster(int h) { return hosts.get(h).cluster(); }
            public String arch(int h) { return "x86"; }
            public String processor(int h) { return hosts.get(h).processor(); }
            public int clockMhz(int h) { return hosts.get(h).clock(); }
            public int memoryMb(int h) { return 1024 + h; }
            public int diskMb(int h) { return 20480; }
            public int cores(int h) { return 2; }
            public int freeCores(int h) { return h % 3; }
            public int freeMemoryMb(int h) { return 512; }
        };
    }

    @Test
    void shouldGroupHostsBySiteProcessorAndSimilarClockAndCloseSitesIntoTightBags() {
        List<Site> sites = List.of(new Site("ucsd", 32.88, -117.23), new Site("sdsc", 32.88, -117.24),
                new Site("illinois", 40.11, -88.23), new Site("nowhere", Double.NaN, Double.NaN));
        List<Host> hosts = List.of(
                new Host(0, null, "Xeon", 3000), new Host(0, null, "Xeon", 3100), new Host(0, null, "Xeon", 3600),
                new Host(0, null, "Opteron", 2000), new Host(1, null, "Xeon", 3000), new Host(2, null, "Xeon", 3000),
                new Host(3, "rack-9", "Xeon", 1000), new Host(3, "rack-9", "Xeon", 3000));

        GridTables t = Classifier.classify(inventory(sites, hosts), ClassifierSettings.DEFAULTS);

        // ucsd: Xeon 3000-3100 | Xeon 3600 | Opteron; sdsc: Xeon; illinois: Xeon; rack-9 (explicit, clocks not split)
        assertThat(t.clusters().size()).isEqualTo(6);
        assertThat(t.hosts().size()).isEqualTo(8);
        // ucsd and sdsc are ~1 km apart: one TightBag; illinois and the unplaced site alone
        assertThat(t.tightBags().size()).isEqualTo(3);
        int[] sizes = new int[t.tightBags().size()];
        for (int b = 0; b < sizes.length; b++) {
            sizes[b] = t.tightBags().hosts(b);
        }
        assertThat(sizes).containsExactlyInAnyOrder(5, 1, 2);
        for (int c = 0; c < t.clusters().size(); c++) {
            int first = t.clusters().firstHost(c);
            assertThat(t.processors().get(t.clusters().processor(c))).isEqualTo(hosts.get(t.hostIds()[first]).processor());
            assertThat(t.clusters().min(io.coreserve.engine.vgrid.vgdl.Attribute.CLOCK, c))
                    .isLessThanOrEqualTo(t.clusters().max(io.coreserve.engine.vgrid.vgdl.Attribute.CLOCK, c));
        }
    }

    @Test
    void syntheticGridHasTheExactTotalsAndLognormalSizes() {
        SyntheticGrid grid = new SyntheticGrid(3000, 100_000, 200, 1);

        GridTables t = Classifier.classify(grid, new ClassifierSettings(2, 0.05));

        assertThat(t.clusters().size()).isEqualTo(3000);
        assertThat(t.hosts().size()).isEqualTo(100_000);
        assertThat(grid.logSizeMean()).isCloseTo(Math.log(100_000 / 3000.0) - 0.5, org.assertj.core.data.Offset.offset(0.06));
        assertThat(grid.logSizeStdDev()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(0.05));
        assertThat(t.bytes() / (double) t.hosts().size()).isLessThan(30);
    }
}
