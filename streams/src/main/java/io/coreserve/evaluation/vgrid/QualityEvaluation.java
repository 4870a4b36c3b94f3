package io.coreserve.evaluation.vgrid;

import io.coreserve.engine.vgrid.Vgdl;
import io.coreserve.engine.vgrid.classify.Classifier;
import io.coreserve.engine.vgrid.classify.ClassifierSettings;
import io.coreserve.engine.vgrid.classify.GridTables;
import io.coreserve.engine.vgrid.classify.SyntheticGrid;
import io.coreserve.engine.vgrid.select.Candidate;
import io.coreserve.engine.vgrid.select.ComponentSelector;
import io.coreserve.engine.vgrid.select.SelectionResult;
import io.coreserve.engine.vgrid.vgdl.VgdlException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Selection quality (paper section 4.3, Figure 4; spec 004 acceptance 5): random Cluster and TightBag requests on
 * the seeded grid; for each, every possible selection is listed (selection with no limit), and the one the selector
 * puts first is graded against them ({@link SelectionQuality}): its percentile rank, its ratio to the best Q, and
 * whether it is optimal. Requests are classed SC/LC x SV/LV against the workload's means ({@link RequestClass}).
 */
public final class QualityEvaluation {

    public static final List<String> AGGREGATES = List.of("Cluster", "TightBag");

    public record Options(int clusters, int hosts, int sites, double closeMillis, int requests, long seed) {
        public static Options paper(long seed) {
            return new Options(30_000, 1_000_000, 2_000, 2, 4_000, seed);
        }
    }

    /** One graded request: how many selections were possible, their quality's spread, and the chosen one's grades. */
    public record Graded(int possible, double qualityStdDev, double percentileRank, double ratioToBest,
                         boolean optimal) {
    }

    /** Per aggregate type: the graded requests, and how many requests matched nothing. */
    public record Result(Options options, Map<String, List<Graded>> graded, Map<String, Integer> unmatched) {
        /** The class of each graded request of {@code aggregate}, in order. */
        public List<RequestClass> classes(String aggregate) {
            List<Graded> g = graded.get(aggregate);
            double meanCount = g.stream().mapToDouble(Graded::possible).average().orElse(0);
            double meanSd = g.stream().mapToDouble(Graded::qualityStdDev).average().orElse(0);
            return g.stream().map(x -> RequestClass.of(x.possible(), meanCount, x.qualityStdDev(), meanSd)).toList();
        }
    }

    private QualityEvaluation() {
    }

    /** The seeded grid of {@link SelectionEvaluation}, classified. */
    static GridTables grid(int clusters, int hosts, int sites, double closeMillis, long seed) {
        return Classifier.classify(new SyntheticGrid(clusters, hosts, sites, seed),
                new ClassifierSettings(closeMillis, 0.05));
    }

    public static Result run(Options o, PrintStream progress) throws VgdlException {
        GridTables tables = grid(o.clusters(), o.hosts(), o.sites(), o.closeMillis(), o.seed());
        progress.printf(Locale.ROOT, "grid: %,d clusters, %,d hosts, %,d TightBags%n", tables.clusters().size(),
                tables.hosts().size(), tables.tightBags().size());
        ComponentSelector selector = new ComponentSelector(tables);
        SplittableRandom random = new SplittableRandom(o.seed() ^ 0x9a11L);
        Map<String, List<Graded>> graded = new LinkedHashMap<>();
        Map<String, Integer> unmatched = new LinkedHashMap<>();
        for (String aggregate : AGGREGATES) {
            List<Graded> out = new ArrayList<>();
            int none = 0;
            for (int r = 0; r < o.requests(); r++) {
                List<Candidate> possible = everySelection(selector, RequestGenerator.spec(aggregate, random));
                if (possible.isEmpty()) {
                    none++;
                } else {
                    SelectionQuality q = new SelectionQuality(possible);
                    // The selector's choice is the first of its ordering (what a request with N = 1 gets).
                    out.add(new Graded(q.size(), q.qualityStdDev(), q.percentileRank(0), q.ratioToBest(0),
                            q.quality(0) >= q.best() - 1e-9));
                }
                if ((r + 1) % 500 == 0 || r + 1 == o.requests()) {
                    progress.printf(Locale.ROOT, "%s: %d/%d requests%n", aggregate, r + 1, o.requests());
                }
            }
            graded.put(aggregate, out);
            unmatched.put(aggregate, none);
        }
        return new Result(o, graded, unmatched);
    }

    /** Every possible selection of a one-component request, in the selector's order (best first); empty if none. */
    static List<Candidate> everySelection(ComponentSelector selector, String spec) throws VgdlException {
        SelectionResult all = selector.select(Vgdl.compile(spec), Integer.MAX_VALUE);
        return all.matched() && !all.components().isEmpty() ? all.components().get(0).selections() : List.of();
    }
}
