package io.coreserve.engine.vgrid.classify;

import java.util.List;

/**
 * The raw resource universe classification reads (the paper's information services), host by host: index access
 * so a million hosts need not be a million objects. Labels are returned as (ideally interned) strings.
 */
public interface HostInventory {

    int hosts();

    List<Site> sites();

    int site(int host);

    /** The cluster the catalogue names for the host ({@code Resource.cluster}), or null: explicit wins over the key. */
    String explicitCluster(int host);

    String arch(int host);

    String processor(int host);

    int clockMhz(int host);

    int memoryMb(int host);

    int diskMb(int host);

    int cores(int host);

    /** Dynamic: cores free over the interval of interest (from timetables or samples). */
    int freeCores(int host);

    /** Dynamic: memory free over the interval of interest, MB. */
    int freeMemoryMb(int host);
}
