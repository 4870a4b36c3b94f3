package io.coreserve.evaluation.vgrid;

import io.coreserve.engine.vgrid.Vgdl;
import io.coreserve.engine.vgrid.classify.Classifier;
import io.coreserve.engine.vgrid.classify.ClassifierSettings;
import io.coreserve.engine.vgrid.classify.GridTables;
import io.coreserve.engine.vgrid.classify.SyntheticGrid;
import io.coreserve.engine.vgrid.select.ComponentSelector;
import io.coreserve.engine.vgrid.select.SelectionResult;
import io.coreserve.engine.vgrid.vgdl.VgdlException;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Selection cost (paper section 4.4, Figure 5; spec 004 acceptance 2 and 6): rebuild the seeded grid, classify it
 * (timed, table bytes and heap measured), then time compile + select for random specifications per aggregate type
 * (processor family, minimum clock and memory, aggregate sizes varied as in section 4.3).
 */
public final class SelectionEvaluation {

    /** The paper's 90th percentiles (seconds, Pentium 4 3.2 GHz, relational database): section 4.4. */
    public static final Map<String, Double> PAPER_P90_SECONDS = Map.of("Cluster", 2.52, "TightBag", 5.47, "LooseBag", 5.56);
    public static final List<String> AGGREGATES = List.of("Cluster", "TightBag", "LooseBag");

    public record Options(int clusters, int hosts, int sites, double closeMillis, int requests, int selections, long seed) {
        public static Options paper(long seed) {
            return new Options(30_000, 1_000_000, 2_000, 2, 4_000, 16, seed);
        }
    }

    /** Percentiles of one aggregate type's selection times. */
    public record Timing(int requests, int matched, double p50Millis, double p90Millis, double p99Millis, double maxMillis) {
    }

    public record Result(Options options, int tightBags, double logSizeMean, double logSizeStdDev, double buildSeconds,
                         long tableBytes, long heapBytes, Map<String, Timing> perAggregate) {
        public double tableBytesPerHost() {
            return tableBytes / (double) options.hosts();
        }

        public double heapBytesPerHost() {
            return heapBytes / (double) options.hosts();
        }
    }

    private SelectionEvaluation() {
    }

    public static Result run(Options o, PrintStream progress) throws VgdlException {
        long before = usedHeap();
        long t0 = System.nanoTime();
        SyntheticGrid grid = new SyntheticGrid(o.clusters(), o.hosts(), o.sites(), o.seed());
        GridTables tables = Classifier.classify(grid, new ClassifierSettings(o.closeMillis(), 0.05));
        double build = (System.nanoTime() - t0) / 1e9;
        double logMean = grid.logSizeMean();
        double logSd = grid.logSizeStdDev();
        grid = null;
        long heap = usedHeap() - before;
        progress.printf(Locale.ROOT, "grid: %,d clusters, %,d hosts, %,d TightBags; generated and classified in %.1f s;"
                        + " tables %,d bytes (%.1f per host), heap after build %.1f bytes per host%n",
                tables.clusters().size(), tables.hosts().size(), tables.tightBags().size(), build, tables.bytes(),
                tables.bytes() / (double) o.hosts(), heap / (double) o.hosts());
        ComponentSelector selector = new ComponentSelector(tables);
        SplittableRandom random = new SplittableRandom(o.seed() ^ 0x5e1ec7L);
        Map<String, Timing> timings = new LinkedHashMap<>();
        for (String aggregate : AGGREGATES) {
            double[] millis = new double[o.requests()];
            int matched = 0;
            for (int r = 0; r < o.requests(); r++) {
                String spec = RequestGenerator.spec(aggregate, random);
                long s = System.nanoTime();
                SelectionResult result = selector.select(Vgdl.compile(spec), o.selections());
                millis[r] = (System.nanoTime() - s) / 1e6;
                matched += result.matched() ? 1 : 0;
                if ((r + 1) % 500 == 0 || r + 1 == o.requests()) {
                    progress.printf(Locale.ROOT, "%s: %d/%d requests%n", aggregate, r + 1, o.requests());
                }
            }
            Arrays.sort(millis);
            timings.put(aggregate, new Timing(o.requests(), matched, percentile(millis, 0.5), percentile(millis, 0.9),
                    percentile(millis, 0.99), millis.length == 0 ? 0 : millis[millis.length - 1]));
        }
        return new Result(o, tables.tightBags().size(), logMean, logSd, build, tables.bytes(), heap, timings);
    }

    static double percentile(double[] sorted, double q) {
        if (sorted.length == 0) {
            return 0;
        }
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)];
    }

    private static long usedHeap() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return rt.totalMemory() - rt.freeMemory();
    }
}
