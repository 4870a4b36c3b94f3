package io.coreserve.engine.vgrid.classify;

import io.coreserve.engine.vgrid.vgdl.Attribute;

import java.util.List;

/**
 * The Cluster table of paper section 3.5.1: per cluster its host range, site, TightBag, homogeneous labels and,
 * per numeric attribute, the minimum and maximum over its hosts, so selection decides most clusters without
 * looking at their hosts. Clusters are ordered so that each TightBag's clusters are contiguous.
 */
public final class ClusterTable {

    /** The numeric host attributes, in the order of {@link #min}/{@link #max}'s rows. */
    public static final List<Attribute> NUMERIC = List.of(Attribute.CLOCK, Attribute.MEMORY, Attribute.DISK,
            Attribute.CORES, Attribute.FREE_CORES, Attribute.FREE_MEMORY);

    private final int[] hostStart;
    private final int[] site;
    private final int[] tightBag;
    private final byte[] processor;
    private final byte[] arch;
    private final int[][] min;
    private final int[][] max;

    ClusterTable(int[] hostStart, int[] site, int[] tightBag, byte[] processor, byte[] arch, int[][] min, int[][] max) {
        this.hostStart = hostStart;
        this.site = site;
        this.tightBag = tightBag;
        this.processor = processor;
        this.arch = arch;
        this.min = min;
        this.max = max;
    }

    public int size() {
        return site.length;
    }

    public int firstHost(int cluster) {
        return hostStart[cluster];
    }

    /** One past the cluster's last host. */
    public int endHost(int cluster) {
        return hostStart[cluster + 1];
    }

    public int hosts(int cluster) {
        return hostStart[cluster + 1] - hostStart[cluster];
    }

    public int site(int cluster) {
        return site[cluster];
    }

    public int tightBag(int cluster) {
        return tightBag[cluster];
    }

    /** Dictionary code of the cluster's processor (see {@link GridTables#processors()}). */
    public int processor(int cluster) {
        return processor[cluster];
    }

    public int arch(int cluster) {
        return arch[cluster];
    }

    public int min(Attribute a, int cluster) {
        return min[NUMERIC.indexOf(a)][cluster];
    }

    public int max(Attribute a, int cluster) {
        return max[NUMERIC.indexOf(a)][cluster];
    }

    public long bytes() {
        return 4L * (hostStart.length + site.length + tightBag.length) + processor.length + arch.length
                + 8L * NUMERIC.size() * site.length;
    }
}
