package io.coreserve.engine.vgrid.classify;

import java.util.List;

/**
 * An immutable snapshot of the classified resource universe (Host ⊂ Cluster ⊂ TightBag ⊂ one LooseBag, paper
 * section 3.5.1), rebuilt when the catalogue changes. {@code hostIds} maps a table row back to the inventory's
 * host index.
 */
public record GridTables(HostTable hosts, ClusterTable clusters, TightBagTable tightBags, List<String> processors,
                         List<String> arches, List<Site> sites, int[] hostIds) {

    /** Dictionary code of a processor label, -1 when no host has it. */
    public int processorCode(String label) {
        return processors.indexOf(label);
    }

    public int archCode(String label) {
        return arches.indexOf(label);
    }

    /** Bytes of the three tables' arrays plus the row-to-inventory map. */
    public long bytes() {
        return hosts.bytes() + clusters.bytes() + tightBags.bytes() + 4L * hostIds.length;
    }
}
