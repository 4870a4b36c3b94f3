package io.coreserve.engine.vgrid.select;

import io.coreserve.engine.vgrid.classify.ClusterTable;
import io.coreserve.engine.vgrid.classify.GridTables;
import io.coreserve.engine.vgrid.vgdl.Arith;
import io.coreserve.engine.vgrid.vgdl.Attribute;
import io.coreserve.engine.vgrid.vgdl.Entity;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Optional;
import java.util.Set;

/**
 * Filter, rank, limit over the hosts of a range of clusters (section 3.5.2's WHERE / AS / ORDER BY / LIMIT for
 * one node constraint). A cluster the filter accepts whole, with none of its hosts taken and a rank constant over
 * it, costs O(1); other clusters are scanned host by host. Ties in rank go to the lower row.
 */
final class HostPicker {

    private final GridTables tables;
    private final HostFilter filter;
    private final Optional<Arith> rank;
    private final Set<Attribute> rankAttributes;
    private final BitSet taken;

    HostPicker(GridTables tables, Entity.Node node, BitSet taken) {
        this.tables = tables;
        this.filter = new HostFilter(tables, node.condition());
        this.rank = node.rank();
        this.rankAttributes = node.rank().map(Arith::attributes).orElse(Set.of());
        this.taken = taken;
    }

    double rank(int host) {
        return rank.map(r -> r.evaluate(a -> tables.hosts().value(a, host))).orElse(0.0);
    }

    /** Up to {@code limit} best hosts of clusters [from, to); {@code wantHosts} false skips building the row array. */
    HostPick pick(int from, int to, int limit, boolean wantHosts) {
        ClusterTable ct = tables.clusters();
        if (to - from == 1) {
            HostPick fast = wholeCluster(from, limit, wantHosts);
            if (fast != null) {
                return fast;
            }
        }
        int capacity = ct.firstHost(to) - ct.firstHost(from);
        long[] keys = null;
        int m = 0;
        for (int c = from; c < to; c++) {
            HostFilter.Verdict v = filter.cluster(c);
            if (v == HostFilter.Verdict.NONE) {
                continue;
            }
            for (int h = ct.firstHost(c); h < ct.endHost(c); h++) {
                if (!taken.get(h) && (v == HostFilter.Verdict.ALL || filter.host(c, h))) {
                    if (keys == null) {
                        keys = new long[Math.min(capacity, 1 << 16)];
                    } else if (m == keys.length) {
                        keys = Arrays.copyOf(keys, Math.min(capacity, keys.length * 2));
                    }
                    keys[m++] = key(rank(h), h);
                }
            }
        }
        if (m == 0) {
            return new HostPick(0, 0, 0, new int[0]);
        }
        Arrays.sort(keys, 0, m);
        int chosen = Math.min(m, limit);
        int[] hosts = new int[chosen];
        double sum = 0;
        for (int i = 0; i < chosen; i++) {
            hosts[i] = (int) keys[i];
            sum += rank(hosts[i]);
        }
        return new HostPick(m, chosen, sum / chosen, wantHosts ? hosts : null);
    }

    private HostPick wholeCluster(int c, int limit, boolean wantHosts) {
        ClusterTable ct = tables.clusters();
        if (filter.cluster(c) != HostFilter.Verdict.ALL || !rankConstant(c)) {
            return null;
        }
        int first = ct.firstHost(c);
        int next = taken.nextSetBit(first);
        if (next >= 0 && next < ct.endHost(c)) {
            return null;
        }
        int m = ct.hosts(c);
        int chosen = Math.min(m, limit);
        int[] hosts = null;
        if (wantHosts) {
            hosts = new int[chosen];
            for (int i = 0; i < chosen; i++) {
                hosts[i] = first + i;
            }
        }
        return new HostPick(m, chosen, rank(first), hosts);
    }

    private boolean rankConstant(int c) {
        for (Attribute a : rankAttributes) {
            if (tables.clusters().min(a, c) != tables.clusters().max(a, c)) {
                return false;
            }
        }
        return true;
    }

    /** Ascending order of the key = descending rank (as a float), then ascending row. */
    private static long key(double rank, int host) {
        int bits = Float.floatToIntBits((float) -rank);
        bits ^= (bits >> 31) & 0x7fffffff;
        return ((long) bits << 32) | host;
    }
}
