package io.coreserve.evaluation.vgrid;

import io.coreserve.engine.vgrid.select.Candidate;
import java.util.Arrays;
import java.util.List;

/**
 * The quality of selections (paper section 4.2, spec 004 section 3.5) among all the possible selections of one
 * component: Q(R) = (sum over the rank functions i of p_i) / n, p_i the percentile of R when the possible selections
 * are sorted by the i-th rank function, 100 x (selections with a value <= R's) / (all selections). The rank
 * functions are a selection's aggregate rank ({@link Candidate#primary()}, its size unless the request says
 * otherwise) and its hosts' mean rank ({@link Candidate#secondary()}): Figure 2's example, Cluster 2 = (90 + 80) / 2.
 *
 * <p>Besides Q, the <em>percentile rank</em> of a selection is where its Q lies among every possible selection's Q
 * (Figure 4's left graphs), and the <em>ratio to the best</em> is Q(R) / max Q (its right graphs).
 */
final class SelectionQuality {

    private final double[] quality;
    private final double[] sortedQuality;
    private final double best;

    /** Over {@code possible}, every selection the component could get (not only the N it got). */
    SelectionQuality(List<Candidate> possible) {
        int size = possible.size();
        double[] primary = possible.stream().mapToDouble(Candidate::primary).toArray();
        double[] secondary = possible.stream().mapToDouble(Candidate::secondary).toArray();
        double[] byPrimary = primary.clone();
        double[] bySecondary = secondary.clone();
        Arrays.sort(byPrimary);
        Arrays.sort(bySecondary);
        quality = new double[size];
        double top = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < size; k++) {
            quality[k] = (percentile(byPrimary, primary[k]) + percentile(bySecondary, secondary[k])) / 2;
            top = Math.max(top, quality[k]);
        }
        sortedQuality = quality.clone();
        Arrays.sort(sortedQuality);
        best = top;
    }

    int size() {
        return quality.length;
    }

    /** Q of possible selection k. */
    double quality(int k) {
        return quality[k];
    }

    /** The largest Q among the possible selections. */
    double best() {
        return best;
    }

    /** Where possible selection k's Q lies among all of them: 100 x (selections with Q <= its Q) / all. */
    double percentileRank(int k) {
        return percentile(sortedQuality, quality[k]);
    }

    /** Q(k) / max Q, in percent. */
    double ratioToBest(int k) {
        return best <= 0 ? 100 : 100 * quality[k] / best;
    }

    /** Standard deviation of Q over the possible selections (the "variance" axis of the request classes). */
    double qualityStdDev() {
        double mean = Arrays.stream(quality).average().orElse(0);
        return Math.sqrt(Arrays.stream(quality).map(q -> (q - mean) * (q - mean)).average().orElse(0));
    }

    /** 100 x (values <= v) / all, for {@code sorted} ascending. */
    static double percentile(double[] sorted, double v) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {                       // first index with a value > v
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] <= v) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return 100.0 * lo / sorted.length;
    }
}
