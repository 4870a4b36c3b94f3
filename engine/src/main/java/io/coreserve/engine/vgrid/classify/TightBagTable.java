package io.coreserve.engine.vgrid.classify;

/** The TightBag table of paper section 3.5.1: each TightBag's contiguous range of clusters and its host total. */
public final class TightBagTable {

    private final int[] clusterStart;
    private final int[] hosts;

    TightBagTable(int[] clusterStart, int[] hosts) {
        this.clusterStart = clusterStart;
        this.hosts = hosts;
    }

    public int size() {
        return hosts.length;
    }

    public int firstCluster(int tightBag) {
        return clusterStart[tightBag];
    }

    public int endCluster(int tightBag) {
        return clusterStart[tightBag + 1];
    }

    public int clusters(int tightBag) {
        return clusterStart[tightBag + 1] - clusterStart[tightBag];
    }

    public int hosts(int tightBag) {
        return hosts[tightBag];
    }

    public long bytes() {
        return 4L * (clusterStart.length + hosts.length);
    }
}
