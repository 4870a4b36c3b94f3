package io.coreserve.engine.vgrid.classify;

import io.coreserve.engine.vgrid.vgdl.Attribute;

/**
 * The Host table of paper section 3.5.1 as columns: one primitive array per numeric attribute, hosts ordered so
 * that each cluster's hosts are contiguous (the Cluster table holds the ranges). Labels live in the Cluster table
 * (a cluster is homogeneous in them). 18 bytes per host.
 */
public final class HostTable {

    private final short[] clockMhz;
    private final short[] cores;
    private final short[] freeCores;
    private final int[] memoryMb;
    private final int[] diskMb;
    private final int[] freeMemoryMb;

    HostTable(short[] clockMhz, short[] cores, short[] freeCores, int[] memoryMb, int[] diskMb, int[] freeMemoryMb) {
        this.clockMhz = clockMhz;
        this.cores = cores;
        this.freeCores = freeCores;
        this.memoryMb = memoryMb;
        this.diskMb = diskMb;
        this.freeMemoryMb = freeMemoryMb;
    }

    public int size() {
        return clockMhz.length;
    }

    /** A numeric host attribute's value; labels and aggregate attributes are not host columns. */
    public int value(Attribute a, int host) {
        return switch (a) {
            case CLOCK -> clockMhz[host];
            case CORES -> cores[host];
            case FREE_CORES -> freeCores[host];
            case MEMORY -> memoryMb[host];
            case DISK -> diskMb[host];
            case FREE_MEMORY -> freeMemoryMb[host];
            default -> throw new IllegalArgumentException(a + " is not a numeric host column");
        };
    }

    /** Bytes of the columns. */
    public long bytes() {
        return 2L * (clockMhz.length + cores.length + freeCores.length)
                + 4L * (memoryMb.length + diskMb.length + freeMemoryMb.length);
    }
}
