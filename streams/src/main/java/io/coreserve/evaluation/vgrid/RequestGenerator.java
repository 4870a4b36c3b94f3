package io.coreserve.evaluation.vgrid;

import io.coreserve.engine.vgrid.classify.SyntheticGrid;

import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Random vgDL specifications as in paper section 4.3: processor family, minimum clock and memory and aggregate
 * size vary; Cluster, TightBag (of clusters) and LooseBag (of clusters, the Figure 1 shape) requests.
 */
final class RequestGenerator {

    private RequestGenerator() {
    }

    static String spec(String aggregate, SplittableRandom r) {
        String cluster = cluster(r);
        int k1 = 1 + r.nextInt(4);
        int k2 = k1 + r.nextInt(5);
        return switch (aggregate) {
            case "Cluster" -> "v = " + cluster;
            case "TightBag" -> String.format(Locale.ROOT, "v = TightBagOf(c)[%d:%d] { c = %s }", k1, k2, cluster);
            case "LooseBag" -> String.format(Locale.ROOT, "v = LooseBagOf(c)[%d:%d] { c = %s }", k1, k2 * 2, cluster);
            default -> throw new IllegalArgumentException("aggregate must be Cluster, TightBag or LooseBag: " + aggregate);
        };
    }

    /** A random cluster expression: processor family, minimum clock and memory, and size range vary. */
    static String cluster(SplittableRandom r) {
        SyntheticGrid.Family f = SyntheticGrid.FAMILIES.get(r.nextInt(SyntheticGrid.FAMILIES.size()));
        int clock = f.minClock() + 100 * r.nextInt((f.maxClock() - f.minClock()) / 100 + 1);
        int memory = 256 << r.nextInt(5);
        int min = 1 + r.nextInt(64);
        int max = min + r.nextInt(64);
        return String.format(Locale.ROOT,
                "ClusterOf(h)[%d:%d] { h = [Processor == \"%s\" && Clock >= %d && Memory >= %d] [Rank = Clock] }",
                min, max, f.processor(), clock, memory);
    }
}
