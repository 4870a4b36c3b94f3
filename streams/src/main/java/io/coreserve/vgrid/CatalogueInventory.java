package io.coreserve.vgrid;

import io.coreserve.engine.vgrid.classify.HostInventory;
import io.coreserve.engine.vgrid.classify.Site;
import io.coreserve.events.NetworkLocation;
import io.coreserve.events.Resource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The catalogue as the paper's information service (spec 004 section 3.1): every resource in service of every
 * domain as a host. Attributes map from coreserve's properties and labels: Clock from {@code clock_mhz} or
 * {@code cpu_ghz}, Memory from {@code memory_mb} or {@code memory_gb}, Disk from {@code disk_mb} or {@code disk_gb},
 * Cores from {@code cores}, Processor from the label {@code processor} or {@code cpu}, Arch from {@code arch}. A
 * host's site is its location's site, else its domain. The free attributes are the capacities: the coordinator
 * sees the catalogue, not the domains' books, and a stale view is one of the paper's causes of bind failures.
 */
final class CatalogueInventory implements HostInventory {

    private final List<Resource> hosts;
    private final List<Site> sites = new ArrayList<>();
    private final int[] siteOf;

    /** {@code resources} in a stable order (the store's key order), retired ones already left out. */
    CatalogueInventory(List<Resource> resources) {
        this.hosts = List.copyOf(resources);
        this.siteOf = new int[hosts.size()];
        Map<String, Integer> siteIndex = new HashMap<>();
        for (int h = 0; h < hosts.size(); h++) {
            Resource r = hosts.get(h);
            NetworkLocation at = r.getLocation();
            String name = at != null && at.getSite() != null ? at.getSite() : r.getDomain();
            siteOf[h] = siteIndex.computeIfAbsent(name, n -> {
                sites.add(new Site(n, coordinate(at == null ? null : at.getLatitude()),
                        coordinate(at == null ? null : at.getLongitude())));
                return sites.size() - 1;
            });
        }
    }

    Resource resource(int host) {
        return hosts.get(host);
    }

    @Override
    public int hosts() {
        return hosts.size();
    }

    @Override
    public List<Site> sites() {
        return sites;
    }

    @Override
    public int site(int host) {
        return siteOf[host];
    }

    @Override
    public String explicitCluster(int host) {
        Resource r = hosts.get(host);
        // Cluster names are the domain's own: qualified, so two domains' "cluster-a" stay two clusters.
        return r.getCluster() == null ? null : r.getDomain() + "/" + r.getCluster();
    }

    @Override
    public String arch(int host) {
        return label(host, "arch");
    }

    @Override
    public String processor(int host) {
        String processor = label(host, "processor");
        return processor.isEmpty() ? label(host, "cpu") : processor;
    }

    @Override
    public int clockMhz(int host) {
        return Math.min((1 << 17) - 1, amount(host, "clock_mhz", "cpu_ghz", 1000));
    }

    @Override
    public int memoryMb(int host) {
        return amount(host, "memory_mb", "memory_gb", 1024);
    }

    @Override
    public int diskMb(int host) {
        return amount(host, "disk_mb", "disk_gb", 1024);
    }

    @Override
    public int cores(int host) {
        return amount(host, "cores", "cores", 1);
    }

    @Override
    public int freeCores(int host) {
        return cores(host);
    }

    @Override
    public int freeMemoryMb(int host) {
        return memoryMb(host);
    }

    private String label(int host, String name) {
        String value = hosts.get(host).getLabels().get(name);
        return value == null ? "" : value.intern();
    }

    /** The property {@code exact} as is, else {@code scaled} times {@code factor}, else 0; whole units, clamped. */
    private int amount(int host, String exact, String scaled, double factor) {
        Map<String, Double> p = hosts.get(host).getProperties();
        Double value = p.get(exact);
        double v = value != null ? value : p.getOrDefault(scaled, 0.0) * factor;
        return Double.isFinite(v) ? (int) Math.max(0, Math.min(Integer.MAX_VALUE, Math.round(v))) : 0;
    }

    private static double coordinate(Double degrees) {
        return degrees == null ? Double.NaN : degrees;
    }
}
