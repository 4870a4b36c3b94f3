package io.coreserve.engine.vgrid.select;

/**
 * One selection for a component: the host rows it would bind (table rows of {@link
 * io.coreserve.engine.vgrid.classify.GridTables}), the clusters they belong to, and its rank keys (larger is
 * better): {@code primary} the aggregate rank (size by default), {@code secondary} the mean host rank.
 */
public record Candidate(int[] hosts, int[] clusters, double primary, double secondary) {

    public Candidate {
        hosts = hosts.clone();
        clusters = clusters.clone();
    }

    @Override
    public int[] hosts() {
        return hosts.clone();
    }

    @Override
    public int[] clusters() {
        return clusters.clone();
    }

    public int size() {
        return hosts.length;
    }
}
