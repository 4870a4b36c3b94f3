package io.coreserve.evaluation.vgrid;

import io.coreserve.engine.vgrid.Vgdl;
import io.coreserve.engine.vgrid.bind.Approach;
import io.coreserve.engine.vgrid.bind.BernoulliBinder;
import io.coreserve.engine.vgrid.bind.Binding;
import io.coreserve.engine.vgrid.bind.BindingOutcome;
import io.coreserve.engine.vgrid.classify.GridTables;
import io.coreserve.engine.vgrid.select.Candidate;
import io.coreserve.engine.vgrid.select.ComponentSelections;
import io.coreserve.engine.vgrid.select.ComponentSelector;
import io.coreserve.engine.vgrid.select.SelectionResult;
import io.coreserve.engine.vgrid.vgdl.VgdlException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Binding quality (paper section 4.5, Figure 6; spec 004 acceptance 7): LooseBags of C Clusters with N selections
 * per component on the seeded grid, each cluster constraint drawn at random; the selections of every component are
 * graded by their percentile rank among all the clusters the constraint allows ({@link SelectionQuality}); then,
 * per failure probability p, trials bind a request (round robin over the requests) both ways with the same sticky
 * Bernoulli draws, and the quality of a bound request is the mean percentile rank of its bound selections.
 * Reported both ways the spec asks: with a failed binding counting 0 (Figure 6), and over successes only.
 */
public final class BindingQualityEvaluation {

    public record Options(int clusters, int hosts, int sites, double closeMillis, int requests, int components,
                          int selections, double[] probabilities, int trials, long seed) {
    }

    /** One (p, approach, class) cell; class null for all requests together. */
    public record Cell(double p, Approach approach, RequestClass requestClass, int trials, int successes,
                       double meanQuality, double meanQualityIfBound) {
        public double success() {
            return trials == 0 ? 0 : successes / (double) trials;
        }
    }

    public record Result(Options options, int graded, int unmatched, List<Cell> cells) {
    }

    /** A graded request: per component, the percentile rank of each of its selections; and its class. */
    private record Request(double[][] ranks, int[] selectionsPerComponent, RequestClass requestClass) {
    }

    private BindingQualityEvaluation() {
    }

    public static Result run(Options o, PrintStream progress) throws VgdlException {
        GridTables tables = QualityEvaluation.grid(o.clusters(), o.hosts(), o.sites(), o.closeMillis(), o.seed());
        ComponentSelector selector = new ComponentSelector(tables);
        SplittableRandom random = new SplittableRandom(o.seed() ^ 0xb1d9L);
        List<double[][]> ranks = new ArrayList<>();
        List<int[]> sizes = new ArrayList<>();
        List<double[]> spread = new ArrayList<>();
        int unmatched = 0;
        for (int r = 0; r < o.requests(); r++) {
            String cluster = RequestGenerator.cluster(random);
            List<Candidate> possible = QualityEvaluation.everySelection(selector, "v = " + cluster);
            SelectionResult bag = selector.select(Vgdl.compile(String.format(Locale.ROOT,
                    "v = LooseBagOf(c)[%d:%d] { c = %s }", o.components(), o.components(), cluster)), o.selections());
            if (!bag.matched() || bag.components().size() < o.components()) {
                unmatched++;
                continue;
            }
            SelectionQuality quality = new SelectionQuality(possible);
            Map<Integer, Integer> byCluster = new HashMap<>();
            for (int k = 0; k < possible.size(); k++) {
                byCluster.put(possible.get(k).clusters()[0], k);
            }
            double[][] perComponent = new double[bag.components().size()][];
            int[] counts = new int[perComponent.length];
            for (ComponentSelections c : bag.components()) {
                List<Candidate> mine = c.selections();
                perComponent[c.component()] = mine.stream()
                        .mapToDouble(s -> quality.percentileRank(byCluster.get(s.clusters()[0]))).toArray();
                counts[c.component()] = mine.size();
            }
            ranks.add(perComponent);
            sizes.add(counts);
            spread.add(new double[] {quality.size(), quality.qualityStdDev()});
            if ((r + 1) % 100 == 0 || r + 1 == o.requests()) {
                progress.printf(Locale.ROOT, "selected %d/%d requests (%d matched)%n", r + 1, o.requests(),
                        ranks.size());
            }
        }
        if (ranks.isEmpty()) {
            return new Result(o, 0, unmatched, List.of());
        }
        double meanCount = spread.stream().mapToDouble(s -> s[0]).average().orElse(0);
        double meanSd = spread.stream().mapToDouble(s -> s[1]).average().orElse(0);
        List<Request> requests = new ArrayList<>();
        for (int k = 0; k < ranks.size(); k++) {
            requests.add(new Request(ranks.get(k), sizes.get(k),
                    RequestClass.of(spread.get(k)[0], meanCount, spread.get(k)[1], meanSd)));
        }
        List<Cell> cells = new ArrayList<>();
        for (double p : o.probabilities()) {
            for (Approach approach : Approach.values()) {
                cells.addAll(cells(requests, p, approach, o.trials(), o.seed()));
            }
            progress.printf(Locale.ROOT, "p=%.1f bound%n", p);
        }
        return new Result(o, requests.size(), unmatched, cells);
    }

    private static List<Cell> cells(List<Request> requests, double p, Approach approach, int trials, long seed) {
        Map<RequestClass, double[]> perClass = new EnumMap<>(RequestClass.class);   // trials, successes, sum, sumIfBound
        double[] all = new double[4];
        for (int t = 0; t < trials; t++) {
            Request r = requests.get(t % requests.size());
            // The trial key depends on p and t, not on the approach: both approaches face the same draws.
            long trial = ((long) Math.round(p * 1000) << 32) ^ t;
            BindingOutcome outcome = Binding.run(approach, r.selectionsPerComponent(),
                    new BernoulliBinder(p, seed, trial, BernoulliBinder.DISJOINT));
            double quality = 0;
            if (outcome.success()) {
                int[] bound = outcome.bound();
                for (int c = 0; c < bound.length; c++) {
                    quality += r.ranks()[c][bound[c]];
                }
                quality /= bound.length;
            }
            for (double[] sums : List.of(all, perClass.computeIfAbsent(r.requestClass(), k -> new double[4]))) {
                sums[0]++;
                sums[1] += outcome.success() ? 1 : 0;
                sums[2] += quality;
                sums[3] += outcome.success() ? quality : 0;
            }
        }
        List<Cell> out = new ArrayList<>();
        out.add(cell(p, approach, null, all));
        perClass.forEach((k, sums) -> out.add(cell(p, approach, k, sums)));
        return out;
    }

    private static Cell cell(double p, Approach approach, RequestClass k, double[] sums) {
        return new Cell(p, approach, k, (int) sums[0], (int) sums[1], sums[2] / sums[0],
                sums[1] == 0 ? Double.NaN : sums[3] / sums[1]);
    }
}
