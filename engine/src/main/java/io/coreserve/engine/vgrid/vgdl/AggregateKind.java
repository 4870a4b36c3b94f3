package io.coreserve.engine.vgrid.vgdl;

/** The three vgDL aggregates (paper section 3.1), outermost first: a LooseBag may hold TightBags, Clusters or nodes. */
public enum AggregateKind {
    LOOSE_BAG("LooseBagOf"),
    TIGHT_BAG("TightBagOf"),
    CLUSTER("ClusterOf");

    private final String keyword;

    AggregateKind(String keyword) {
        this.keyword = keyword;
    }

    public String keyword() {
        return keyword;
    }

    static AggregateKind byKeyword(String word) {
        for (AggregateKind k : values()) {
            if (k.keyword.equals(word)) {
                return k;
            }
        }
        return null;
    }

    /** Spec 004 section 2.2: LooseBag ⊇ TightBag ⊇ Cluster ⊇ Node, skipping levels allowed, never upwards or sideways. */
    boolean mayContain(AggregateKind child) {
        return child.ordinal() > ordinal();
    }
}
