package io.coreserve.engine.vgrid.classify;

import io.coreserve.engine.vgrid.vgdl.Attribute;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Offline classification (paper section 3.5.1, spec 004 section 3.1). Hosts with the same group (site or the
 * catalogue's explicit cluster, plus arch and processor) and clocks within ±δ form a Cluster (explicit clusters are
 * never split by clock); clusters of one site, or of sites closer than close-ms, form a TightBag (connected
 * groups); all TightBags form the one LooseBag. Sorting is on packed {@code long} keys, so a million hosts need no
 * boxing.
 */
public final class Classifier {

    /** Great-circle kilometres light covers per millisecond in fibre (2/3 c). */
    private static final double KM_PER_MS = 199.86;
    private static final double EARTH_KM = 6371.0;

    private Classifier() {
    }

    public static GridTables classify(HostInventory inv, ClassifierSettings settings) {
        int n = inv.hosts();
        if (n >= 1 << 26) {
            throw new IllegalArgumentException("at most 2^26 hosts are supported, not " + n);
        }
        Dictionary processors = new Dictionary();
        Dictionary arches = new Dictionary();
        Map<List<Object>, Integer> groups = new HashMap<>();
        List<Integer> groupSite = new ArrayList<>();
        List<Boolean> groupExplicit = new ArrayList<>();
        long[] keys = new long[n];
        for (int h = 0; h < n; h++) {
            String explicit = inv.explicitCluster(h);
            int p = processors.code(inv.processor(h));
            int a = arches.code(inv.arch(h));
            List<Object> groupKey = explicit != null ? List.of("explicit", explicit, p, a) : List.of(inv.site(h), p, a);
            Integer g = groups.get(groupKey);
            if (g == null) {
                g = groups.size();
                groups.put(groupKey, g);
                groupSite.add(inv.site(h));
                groupExplicit.add(explicit != null);
            }
            int clock = inv.clockMhz(h);
            if (clock < 0 || clock >= 1 << 17) {
                throw new IllegalArgumentException("host " + h + ": clock " + clock + " MHz out of range");
            }
            // group (20 bits) | clock (17 bits) | host (26 bits): sorting groups hosts and orders them by clock
            keys[h] = ((long) g << 43) | ((long) clock << 26) | h;
        }
        if (groups.size() >= 1 << 20) {
            throw new IllegalArgumentException("too many host groups: " + groups.size());
        }
        Arrays.sort(keys);

        // Split groups into clusters by clock bucket: a new cluster starts above (1 + 2δ) × its first clock.
        List<int[]> clusterRanges = new ArrayList<>();
        int start = 0;
        for (int i = 1; i <= n; i++) {
            boolean boundary = i == n || group(keys[i]) != group(keys[start])
                    || (!groupExplicit.get(group(keys[start]))
                        && clock(keys[i]) > clock(keys[start]) * (1 + 2 * settings.clockSimilarity()));
            if (boundary) {
                clusterRanges.add(new int[] {start, i});
                start = i;
            }
        }
        int[] siteBag = tightBagsOfSites(inv.sites(), settings.closeMillis());
        int clusters = clusterRanges.size();
        long[] clusterOrder = new long[clusters];
        for (int c = 0; c < clusters; c++) {
            int site = groupSite.get(group(keys[clusterRanges.get(c)[0]]));
            clusterOrder[c] = ((long) siteBag[site] << 32) | c;
        }
        Arrays.sort(clusterOrder);
        return layOut(inv, keys, clusterRanges, clusterOrder, siteBag, groupSite, processors, arches);
    }

    private static GridTables layOut(HostInventory inv, long[] keys, List<int[]> ranges, long[] clusterOrder,
                                     int[] siteBag, List<Integer> groupSite, Dictionary processors, Dictionary arches) {
        int n = keys.length;
        int clusters = ranges.size();
        short[] clock = new short[n];
        short[] cores = new short[n];
        short[] freeCores = new short[n];
        int[] memory = new int[n];
        int[] disk = new int[n];
        int[] freeMemory = new int[n];
        int[] hostIds = new int[n];
        int[] hostStart = new int[clusters + 1];
        int[] site = new int[clusters];
        int[] bag = new int[clusters];
        byte[] processor = new byte[clusters];
        byte[] arch = new byte[clusters];
        int[][] min = new int[ClusterTable.NUMERIC.size()][clusters];
        int[][] max = new int[ClusterTable.NUMERIC.size()][clusters];
        int row = 0;
        List<Integer> bagStarts = new ArrayList<>();
        List<Integer> bagHosts = new ArrayList<>();
        for (int c = 0; c < clusters; c++) {
            int[] range = ranges.get((int) clusterOrder[c]);
            int first = host(keys[range[0]]);
            site[c] = groupSite.get(group(keys[range[0]]));
            bag[c] = bagStarts.size() - 1;
            if (c == 0 || siteBag[site[c]] != (int) (clusterOrder[c - 1] >>> 32)) {
                bagStarts.add(c);
                bagHosts.add(0);
                bag[c] = bagStarts.size() - 1;
            }
            bagHosts.set(bag[c], bagHosts.get(bag[c]) + range[1] - range[0]);
            processor[c] = (byte) processors.code(inv.processor(first));
            arch[c] = (byte) arches.code(inv.arch(first));
            hostStart[c] = row;
            for (int i = range[0]; i < range[1]; i++, row++) {
                int h = host(keys[i]);
                hostIds[row] = h;
                clock[row] = checkedShort(inv.clockMhz(h), "clock", h);
                cores[row] = checkedShort(inv.cores(h), "cores", h);
                freeCores[row] = checkedShort(inv.freeCores(h), "free cores", h);
                memory[row] = inv.memoryMb(h);
                disk[row] = inv.diskMb(h);
                freeMemory[row] = inv.freeMemoryMb(h);
            }
        }
        hostStart[clusters] = row;
        HostTable hosts = new HostTable(clock, cores, freeCores, memory, disk, freeMemory);
        for (int a = 0; a < ClusterTable.NUMERIC.size(); a++) {
            Attribute attribute = ClusterTable.NUMERIC.get(a);
            for (int c = 0; c < clusters; c++) {
                int lo = Integer.MAX_VALUE;
                int hi = Integer.MIN_VALUE;
                for (int h = hostStart[c]; h < hostStart[c + 1]; h++) {
                    int v = hosts.value(attribute, h);
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
                min[a][c] = lo;
                max[a][c] = hi;
            }
        }
        int[] clusterStart = new int[bagStarts.size() + 1];
        for (int b = 0; b < bagStarts.size(); b++) {
            clusterStart[b] = bagStarts.get(b);
        }
        clusterStart[bagStarts.size()] = clusters;
        return new GridTables(hosts, new ClusterTable(hostStart, site, bag, processor, arch, min, max),
                new TightBagTable(clusterStart, bagHosts.stream().mapToInt(Integer::intValue).toArray()),
                processors.labels(), arches.labels(), List.copyOf(inv.sites()), hostIds);
    }

    /** Union-find over sites: a TightBag id per site (the smallest site index of its connected group). */
    static int[] tightBagsOfSites(List<Site> sites, double closeMillis) {
        int[] parent = new int[sites.size()];
        for (int i = 0; i < parent.length; i++) {
            parent[i] = i;
        }
        for (int i = 0; i < sites.size(); i++) {
            for (int j = i + 1; j < sites.size(); j++) {
                if (latencyMillis(sites.get(i), sites.get(j)) < closeMillis) {
                    int a = find(parent, i);
                    int b = find(parent, j);
                    parent[Math.max(a, b)] = Math.min(a, b);
                }
            }
        }
        for (int i = 0; i < parent.length; i++) {
            parent[i] = find(parent, i);
        }
        return parent;
    }

    /** Spec 004 section 3.1's estimate: great-circle distance / (2/3 c) + 1 ms; infinite when a place is unknown. */
    public static double latencyMillis(Site a, Site b) {
        if (!a.located() || !b.located()) {
            return Double.POSITIVE_INFINITY;
        }
        double la1 = Math.toRadians(a.latitude());
        double la2 = Math.toRadians(b.latitude());
        double dLa = la2 - la1;
        double dLo = Math.toRadians(b.longitude() - a.longitude());
        double h = Math.sin(dLa / 2) * Math.sin(dLa / 2) + Math.cos(la1) * Math.cos(la2) * Math.sin(dLo / 2) * Math.sin(dLo / 2);
        double km = 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
        return km / KM_PER_MS + 1;
    }

    private static int find(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    private static int group(long key) {
        return (int) (key >>> 43);
    }

    private static int clock(long key) {
        return (int) ((key >>> 26) & ((1 << 17) - 1));
    }

    private static int host(long key) {
        return (int) (key & ((1 << 26) - 1));
    }

    private static short checkedShort(int v, String what, int host) {
        if (v < 0 || v > Short.MAX_VALUE) {
            throw new IllegalArgumentException("host " + host + ": " + what + " " + v + " out of range 0.." + Short.MAX_VALUE);
        }
        return (short) v;
    }

    /** Label interning: code = first-seen order; at most 127 labels so a code fits a byte. */
    private static final class Dictionary {
        private final Map<String, Integer> codes = new HashMap<>();
        private final List<String> labels = new ArrayList<>();

        int code(String label) {
            Integer c = codes.get(label);
            if (c == null) {
                if (labels.size() == Byte.MAX_VALUE) {
                    throw new IllegalArgumentException("more than 127 distinct labels");
                }
                c = labels.size();
                codes.put(label, c);
                labels.add(label);
            }
            return c;
        }

        List<String> labels() {
            return List.copyOf(labels);
        }
    }
}
