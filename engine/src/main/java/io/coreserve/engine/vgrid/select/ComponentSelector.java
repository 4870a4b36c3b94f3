package io.coreserve.engine.vgrid.select;

import io.coreserve.engine.vgrid.classify.ClusterTable;
import io.coreserve.engine.vgrid.classify.GridTables;
import io.coreserve.engine.vgrid.classify.TightBagTable;
import io.coreserve.engine.vgrid.vgdl.AggregateKind;
import io.coreserve.engine.vgrid.vgdl.Arith;
import io.coreserve.engine.vgrid.vgdl.Attribute;
import io.coreserve.engine.vgrid.vgdl.Entity;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Selection (paper section 3.5.2, spec 004 section 3.2): per component group, filter, rank once per level, order
 * and limit to the k·N best entries, then deal them out so component i's j-th selection is entry (j−1)·k + i.
 * Entries are disjoint within and across components: a group's hosts are taken before the next group selects.
 * A group far/lowBW from an earlier one avoids that group's TightBags.
 * <ul>
 *   <li>Cluster {@code ClusterOf(h)[a:b]}: per cluster m qualifying hosts, keep m ≥ a, the min(m, b) best;
 *       order by aggregate rank (default min(m, b)), then mean host rank, then cluster.</li>
 *   <li>TightBag {@code TightBagOf(c)[k1:k2]}: per TightBag its qualifying clusters (as above) best first,
 *       keep ≥ k1, take ≤ k2; order by aggregate rank (default clusters taken), then hosts, then TightBag.
 *       {@code TightBagOf(h)} of nodes: the TightBag's best hosts, like a cluster.</li>
 *   <li>A lone node (members of a LooseBag of nodes): the best hosts of the Host table.</li>
 *   <li>A close/highBW group of clusters and nodes: one entry per TightBag (each member its best entry there).</li>
 * </ul>
 */
public final class ComponentSelector {

    private final GridTables tables;

    public ComponentSelector(GridTables tables) {
        this.tables = tables;
    }

    /** The N best selections per component, or why the request cannot be matched. */
    public SelectionResult select(Decomposition d, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("selections per component must be >= 1, not " + n);
        }
        BitSet taken = new BitSet(tables.hosts().size());
        List<BitSet> bagsOfGroup = new ArrayList<>();
        List<ComponentSelections> out = new ArrayList<>();
        for (ComponentGroup g : d.groups()) {
            int limit = (int) Math.min(Integer.MAX_VALUE, (long) g.maxComponents() * n);
            List<Candidate> entries = entries(g.shape(), limit, withFarBagsBlocked(d, g, bagsOfGroup, taken));
            BitSet bags = new BitSet();
            for (Candidate c : entries) {
                for (int cluster : c.clusters()) {
                    bags.set(tables.clusters().tightBag(cluster));
                }
            }
            bagsOfGroup.add(bags);
            if (entries.size() < g.minComponents()) {
                return SelectionResult.unmatched(g.path() + ": " + entries.size() + " qualifying disjoint entries, "
                        + g.minComponents() + " needed");
            }
            int k = Math.min(g.maxComponents(), entries.size());
            for (int i = 0; i < k; i++) {
                List<Candidate> mine = new ArrayList<>();
                for (int e = i; e < entries.size(); e += k) {
                    mine.add(entries.get(e));
                }
                out.add(new ComponentSelections(out.size(), g, mine));
            }
            for (Candidate c : entries) {
                for (int h : c.hosts()) {
                    taken.set(h);
                }
            }
        }
        return new SelectionResult(out, Optional.empty());
    }

    /**
     * far/lowBW (spec 004 section 2.3): a group apart from earlier groups may not use the TightBags of any of their
     * entries, so every combination of selections keeps the relation (checked at selection, not when composing).
     */
    private BitSet withFarBagsBlocked(Decomposition d, ComponentGroup g, List<BitSet> bagsOfGroup, BitSet taken) {
        BitSet blocked = null;
        for (int[] pair : d.apart()) {
            if (pair[1] == g.index() && pair[0] < bagsOfGroup.size()) {
                if (blocked == null) {
                    blocked = (BitSet) taken.clone();
                }
                BitSet bags = bagsOfGroup.get(pair[0]);
                for (int b = bags.nextSetBit(0); b >= 0; b = bags.nextSetBit(b + 1)) {
                    TightBagTable tb = tables.tightBags();
                    blocked.set(tables.clusters().firstHost(tb.firstCluster(b)), tables.clusters().firstHost(tb.endCluster(b)));
                }
            }
        }
        return blocked == null ? taken : blocked;
    }

    private List<Candidate> entries(Entity shape, int limit, BitSet taken) {
        if (shape instanceof Entity.Node node) {
            return hostEntries(node, limit, taken);
        }
        if (shape instanceof Entity.Aggregate a && a.kind() == AggregateKind.CLUSTER) {
            return clusterEntries(a, (Entity.Node) a.child(), limit, taken);
        }
        if (shape instanceof Entity.Aggregate a && a.kind() == AggregateKind.TIGHT_BAG) {
            return tightBagEntries(a, limit, taken);
        }
        if (shape instanceof Entity.Connection c && c.op().joins()) {
            return closeGroupEntries(members(c, new ArrayList<>()), limit, taken);
        }
        throw new IllegalArgumentException("not a component shape: " + shape);
    }

    /** The clusters and nodes a close/highBW group joins, left to right (the parser allows nothing else there). */
    private static List<Entity> members(Entity e, List<Entity> into) {
        if (e instanceof Entity.Connection c) {
            members(c.left(), into);
            members(c.right(), into);
        } else {
            into.add(e);
        }
        return into;
    }

    /**
     * A close/highBW group is one component bound in one TightBag (spec 004 section 2.3): per TightBag, each member
     * in turn takes its best entry there (a cluster not used by an earlier member, or a host), the entry qualifies
     * when every member found one; entries order by hosts, then mean member rank, then TightBag.
     */
    private List<Candidate> closeGroupEntries(List<Entity> members, int limit, BitSet taken) {
        TightBagTable tb = tables.tightBags();
        List<HostPicker> pickers = new ArrayList<>();
        for (Entity m : members) {
            pickers.add(new HostPicker(tables, m instanceof Entity.Node n ? n : (Entity.Node) ((Entity.Aggregate) m).child(), taken));
        }
        List<Scored> scored = new ArrayList<>();
        List<Candidate> candidates = new ArrayList<>();
        for (int b = 0; b < tb.size(); b++) {
            List<Integer> hosts = new ArrayList<>();
            List<Integer> clusters = new ArrayList<>();
            double rankSum = 0;
            boolean complete = true;
            for (int i = 0; i < members.size() && complete; i++) {
                HostPick pick = null;
                if (members.get(i) instanceof Entity.Aggregate cluster) {
                    for (Scored s : rankedClusters(cluster, pickers.get(i), tb.firstCluster(b), tb.endCluster(b))) {
                        if (!clusters.contains(s.id())) {
                            pick = pickers.get(i).pick(s.id(), s.id() + 1, cluster.count().max(), true);
                            clusters.add(s.id());
                            break;
                        }
                    }
                } else {
                    pick = pickers.get(i).pick(tb.firstCluster(b), tb.endCluster(b), 1, true);
                    pick = pick.chosen() == 0 ? null : pick;
                }
                complete = pick != null;
                if (complete) {
                    rankSum += pick.meanRank();
                    for (int h : pick.hosts()) {
                        hosts.add(h);
                        taken.set(h); // later members of this entry must not take these hosts
                    }
                }
            }
            hosts.forEach(taken::clear);
            if (complete) {
                int[] rows = hosts.stream().mapToInt(Integer::intValue).toArray();
                int[] cl = java.util.stream.IntStream.concat(clusters.stream().mapToInt(Integer::intValue),
                        java.util.Arrays.stream(rows).map(this::clusterOf)).distinct().sorted().toArray();
                candidates.add(new Candidate(rows, cl, rows.length, rankSum / members.size()));
                scored.add(new Scored(b, rows.length, rankSum / members.size(), rows.length, candidates.size() - 1));
            }
        }
        scored.sort(Scored.BEST_FIRST);
        return scored.stream().limit(limit).map(s -> candidates.get(s.ref())).toList();
    }

    private List<Candidate> hostEntries(Entity.Node node, int limit, BitSet taken) {
        HostPicker picker = new HostPicker(tables, node, taken);
        HostPick pick = picker.pick(0, tables.clusters().size(), limit, true);
        List<Candidate> out = new ArrayList<>(pick.chosen());
        for (int h : pick.hosts()) {
            out.add(new Candidate(new int[] {h}, new int[] {clusterOf(h)}, 1, picker.rank(h)));
        }
        return out;
    }

    /** Scores of every qualifying cluster, best first, without building host arrays. */
    private List<Scored> rankedClusters(Entity.Aggregate cluster, HostPicker picker, int from, int to) {
        List<Scored> scored = new ArrayList<>();
        for (int c = from; c < to; c++) {
            HostPick p = picker.pick(c, c + 1, cluster.count().max(), false);
            if (p.qualifying() >= cluster.count().min()) {
                scored.add(new Scored(c, aggregateRank(cluster.rank(), p.chosen(), 1, p.meanRank()), p.meanRank(), p.chosen()));
            }
        }
        scored.sort(Scored.BEST_FIRST);
        return scored;
    }

    private List<Candidate> clusterEntries(Entity.Aggregate cluster, Entity.Node node, int limit, BitSet taken) {
        HostPicker picker = new HostPicker(tables, node, taken);
        List<Scored> scored = rankedClusters(cluster, picker, 0, tables.clusters().size());
        List<Candidate> out = new ArrayList<>();
        for (Scored s : scored.subList(0, Math.min(limit, scored.size()))) {
            HostPick p = picker.pick(s.id(), s.id() + 1, cluster.count().max(), true);
            out.add(new Candidate(p.hosts(), new int[] {s.id()}, s.primary(), s.secondary()));
        }
        return out;
    }

    private List<Candidate> tightBagEntries(Entity.Aggregate bag, int limit, BitSet taken) {
        TightBagTable tb = tables.tightBags();
        List<Scored> scored = new ArrayList<>();
        List<int[]> chosenClusters = new ArrayList<>();
        Entity child = bag.child();
        HostPicker picker = new HostPicker(tables, child instanceof Entity.Node n ? n
                : (Entity.Node) ((Entity.Aggregate) child).child(), taken);
        for (int b = 0; b < tb.size(); b++) {
            if (child instanceof Entity.Node) {
                HostPick p = picker.pick(tb.firstCluster(b), tb.endCluster(b), bag.count().max(), false);
                if (p.qualifying() >= bag.count().min()) {
                    scored.add(new Scored(b, aggregateRank(bag.rank(), p.chosen(), tb.clusters(b), p.meanRank()),
                            p.meanRank(), p.chosen()));
                }
                continue;
            }
            List<Scored> clusters = rankedClusters((Entity.Aggregate) child, picker, tb.firstCluster(b), tb.endCluster(b));
            if (clusters.size() < bag.count().min()) {
                continue;
            }
            List<Scored> best = clusters.subList(0, Math.min(bag.count().max(), clusters.size()));
            int hosts = best.stream().mapToInt(Scored::hosts).sum();
            double meanRank = best.stream().mapToDouble(Scored::secondary).average().orElse(0);
            scored.add(new Scored(b, aggregateRank(bag.rank(), hosts, best.size(), meanRank), hosts, hosts));
            chosenClusters.add(best.stream().mapToInt(Scored::id).toArray());
            scored.set(scored.size() - 1, scored.get(scored.size() - 1).withRef(chosenClusters.size() - 1));
        }
        scored.sort(Scored.BEST_FIRST);
        List<Candidate> out = new ArrayList<>();
        for (Scored s : scored.subList(0, Math.min(limit, scored.size()))) {
            if (child instanceof Entity.Node) {
                HostPick p = picker.pick(tb.firstCluster(s.id()), tb.endCluster(s.id()), bag.count().max(), true);
                out.add(new Candidate(p.hosts(), distinctClusters(p.hosts()), s.primary(), s.secondary()));
            } else {
                int[] clusters = chosenClusters.get(s.ref());
                List<Integer> rows = new ArrayList<>();
                for (int c : clusters) {
                    for (int h : picker.pick(c, c + 1, ((Entity.Aggregate) child).count().max(), true).hosts()) {
                        rows.add(h);
                    }
                }
                out.add(new Candidate(rows.stream().mapToInt(Integer::intValue).toArray(), clusters, s.primary(), s.secondary()));
            }
        }
        return out;
    }

    /** The aggregate's own rank, or its size by default (the paper "prioritizes aggregate size"). */
    private static double aggregateRank(Optional<Arith> rank, int nodes, int clusters, double meanHostRank) {
        return rank.map(r -> r.evaluate(a -> a == Attribute.NODES ? nodes : a == Attribute.CLUSTERS ? clusters
                : meanHostRank)).orElse((double) nodes);
    }

    private int clusterOf(int host) {
        ClusterTable ct = tables.clusters();
        int lo = 0;
        int hi = ct.size() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (ct.firstHost(mid) <= host) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    private int[] distinctClusters(int[] hosts) {
        return java.util.Arrays.stream(hosts).map(this::clusterOf).distinct().sorted().toArray();
    }

    /** An entry's rank keys before its hosts are built; {@code ref} points at side data (a TightBag's clusters). */
    private record Scored(int id, double primary, double secondary, int hosts, int ref) {
        static final Comparator<Scored> BEST_FIRST = Comparator.comparingDouble(Scored::primary).reversed()
                .thenComparing(Comparator.comparingDouble(Scored::secondary).reversed())
                .thenComparingInt(Scored::id);

        Scored(int id, double primary, double secondary, int hosts) {
            this(id, primary, secondary, hosts, -1);
        }

        Scored withRef(int r) {
            return new Scored(id, primary, secondary, hosts, r);
        }
    }
}
