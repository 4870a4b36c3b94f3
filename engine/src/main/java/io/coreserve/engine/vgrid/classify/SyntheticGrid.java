package io.coreserve.engine.vgrid.classify;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A seeded rebuild of the paper's environment (section 4.1, spec 004 section 4.7): about 30,000 clusters and
 * 1,000,000 hosts, cluster sizes lognormal (σ = 1, μ = ln(mean) − σ²/2, rounded, at least 1, scaled to the exact
 * total). Assumptions, not the paper's (BRITE and the SC'04 generator are not available): sites spread uniformly
 * over the globe with Zipf(1) cluster counts; per cluster one processor family of 2005 with a clock from its range
 * (100 MHz steps), memory 256-4096 MB (powers of two), disk 20-250 GB, 1-2 cores; per host free cores uniform in
 * 0..cores and free memory uniform in 0..memory (64 MB steps), the dynamic attributes. Columnar: no object per host.
 */
public final class SyntheticGrid implements HostInventory {

    /** A processor family of the 2005-era table: label, arch, clock range in MHz. */
    public record Family(String processor, String arch, int minClock, int maxClock) {
    }

    public static final List<Family> FAMILIES = List.of(
            new Family("Pentium 4", "x86", 2400, 3800),
            new Family("Xeon", "x86", 2000, 3600),
            new Family("Pentium III", "x86", 800, 1400),
            new Family("Opteron", "x86_64", 1600, 2600),
            new Family("Itanium 2", "ia64", 900, 1600),
            new Family("PowerPC 970", "ppc64", 1600, 2500));

    private final List<Site> sites;
    private final String[] clusterName;
    private final int[] clusterSite;
    private final byte[] clusterFamily;
    private final short[] clusterClock;
    private final int[] clusterMemory;
    private final int[] clusterDisk;
    private final byte[] clusterCores;
    private final int[] hostCluster;
    private final byte[] freeCores;
    private final int[] freeMemory;
    private final double logSizeMean;
    private final double logSizeStdDev;

    public SyntheticGrid(int clusters, int hosts, int siteCount, long seed) {
        if (clusters < 1 || hosts < clusters || siteCount < 1) {
            throw new IllegalArgumentException("need 1 <= clusters <= hosts and at least one site");
        }
        SplittableRandom random = new SplittableRandom(seed);
        double sigma = 1.0;
        double mu = Math.log((double) hosts / clusters) - sigma * sigma / 2;
        double[] raw = new double[clusters];
        double logSum = 0;
        double logSquares = 0;
        for (int c = 0; c < clusters; c++) {
            double log = mu + sigma * gaussian(random);
            logSum += log;
            logSquares += log * log;
            raw[c] = Math.max(1, Math.round(Math.exp(log)));
        }
        logSizeMean = logSum / clusters;
        logSizeStdDev = Math.sqrt(Math.max(0, logSquares / clusters - logSizeMean * logSizeMean));
        int[] sizes = scaleToTotal(raw, hosts);

        sites = new ArrayList<>(siteCount);
        double[] cumulative = new double[siteCount];
        double total = 0;
        for (int s = 0; s < siteCount; s++) {
            double lat = Math.toDegrees(Math.asin(2 * random.nextDouble() - 1));
            double lon = 360 * random.nextDouble() - 180;
            sites.add(new Site("site-" + s, lat, lon));
            total += 1.0 / (s + 1);
            cumulative[s] = total;
        }
        clusterName = new String[clusters];
        clusterSite = new int[clusters];
        clusterFamily = new byte[clusters];
        clusterClock = new short[clusters];
        clusterMemory = new int[clusters];
        clusterDisk = new int[clusters];
        clusterCores = new byte[clusters];
        hostCluster = new int[hosts];
        freeCores = new byte[hosts];
        freeMemory = new int[hosts];
        int h = 0;
        for (int c = 0; c < clusters; c++) {
            clusterName[c] = "cluster-" + c;
            int site = java.util.Arrays.binarySearch(cumulative, random.nextDouble() * total);
            clusterSite[c] = Math.min(siteCount - 1, site < 0 ? -site - 1 : site);
            Family f = FAMILIES.get(random.nextInt(FAMILIES.size()));
            clusterFamily[c] = (byte) FAMILIES.indexOf(f);
            clusterClock[c] = (short) (f.minClock() + 100 * random.nextInt((f.maxClock() - f.minClock()) / 100 + 1));
            clusterMemory[c] = 256 << random.nextInt(5);
            clusterDisk[c] = 1024 * (20 + random.nextInt(231));
            clusterCores[c] = (byte) (1 + random.nextInt(2));
            for (int i = 0; i < sizes[c]; i++, h++) {
                hostCluster[h] = c;
                freeCores[h] = (byte) random.nextInt(clusterCores[c] + 1);
                freeMemory[h] = 64 * random.nextInt(clusterMemory[c] / 64 + 1);
            }
        }
    }

    /** Rounds sizes scaled to sum exactly to {@code total}, each at least 1 (largest remainders get the rest). */
    static int[] scaleToTotal(double[] raw, int total) {
        double sum = 0;
        for (double r : raw) {
            sum += r;
        }
        int n = raw.length;
        int[] out = new int[n];
        double[] fraction = new double[n];
        long assigned = 0;
        for (int i = 0; i < n; i++) {
            double scaled = raw[i] * (total - n) / sum;
            out[i] = 1 + (int) Math.floor(scaled);
            fraction[i] = scaled - Math.floor(scaled);
            assigned += out[i];
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(fraction[b], fraction[a]));
        for (int k = 0; assigned < total; k++, assigned++) {
            out[order[k % n]]++;
        }
        return out;
    }

    private static double gaussian(SplittableRandom r) {
        double u = 1 - r.nextDouble();
        double v = r.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }

    public int clusters() {
        return clusterName.length;
    }

    /** Mean of the log cluster sizes before rounding (spec 004 acceptance 2: 3.007 ± 0.02 at 30,000/1,000,000). */
    public double logSizeMean() {
        return logSizeMean;
    }

    public double logSizeStdDev() {
        return logSizeStdDev;
    }

    @Override
    public int hosts() {
        return hostCluster.length;
    }

    @Override
    public List<Site> sites() {
        return sites;
    }

    @Override
    public int site(int host) {
        return clusterSite[hostCluster[host]];
    }

    @Override
    public String explicitCluster(int host) {
        return clusterName[hostCluster[host]];
    }

    @Override
    public String arch(int host) {
        return FAMILIES.get(clusterFamily[hostCluster[host]]).arch();
    }

    @Override
    public String processor(int host) {
        return FAMILIES.get(clusterFamily[hostCluster[host]]).processor();
    }

    @Override
    public int clockMhz(int host) {
        return clusterClock[hostCluster[host]];
    }

    @Override
    public int memoryMb(int host) {
        return clusterMemory[hostCluster[host]];
    }

    @Override
    public int diskMb(int host) {
        return clusterDisk[hostCluster[host]];
    }

    @Override
    public int cores(int host) {
        return clusterCores[hostCluster[host]];
    }

    @Override
    public int freeCores(int host) {
        return freeCores[host];
    }

    @Override
    public int freeMemoryMb(int host) {
        return freeMemory[host];
    }
}
