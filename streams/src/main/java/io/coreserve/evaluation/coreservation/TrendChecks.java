package io.coreserve.evaluation.coreservation;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Spec acceptance check 4's trend figures, for comparing shapes rather than absolute times (another solver, another
 * machine): the growth t(c_max) / t(c_min) at one resource, whether that curve fits {@code a e^(b c)} better than
 * {@code a c^2} (the paper's claim), the log-log slope at the most resources (paper: about 2), and Spearman's rank
 * correlation of time with the number of resources at 67 candidates.
 */
public final class TrendChecks {

    private TrendChecks() {
    }

    public static Map<String, Object> of(List<GridPoint> points, Formulation f) {
        Map<String, Object> out = new LinkedHashMap<>();
        int minN = points.stream().mapToInt(GridPoint::resources).min().orElse(0);
        int maxN = points.stream().mapToInt(GridPoint::resources).max().orElse(0);
        double[][] one = curve(points, f, minN);
        double[][] most = curve(points, f, maxN);
        if (one[0].length >= 2) {
            out.put("resources", minN);
            out.put("growth", one[1][one[1].length - 1] / one[1][0]);
            out.put("r2Exponential", r2Exponential(one[0], one[1]));
            out.put("r2Quadratic", r2Quadratic(one[0], one[1]));
        }
        if (most[0].length >= 2) {
            out.put("slopeResources", maxN);
            out.put("logLogSlope", slope(log(most[0]), log(most[1])));
        }
        double[][] at67 = points.stream().filter(p -> p.candidates() == 67 && p.meanMillis().containsKey(f))
                .map(p -> new double[] {p.resources(), p.meanMillis().get(f)}).toArray(double[][]::new);
        if (at67.length >= 3) {
            out.put("spearmanAt67", spearman(at67));
        }
        return out;
    }

    private static double[][] curve(List<GridPoint> points, Formulation f, int n) {
        List<GridPoint> row = points.stream().filter(p -> p.resources() == n && p.meanMillis().containsKey(f)).toList();
        return new double[][] {row.stream().mapToDouble(GridPoint::candidates).toArray(),
            row.stream().mapToDouble(p -> Math.max(p.meanMillis().get(f), 1e-6)).toArray()};
    }

    private static double[] log(double[] v) {
        return Arrays.stream(v).map(Math::log).toArray();
    }

    static double slope(double[] x, double[] y) {
        double mx = Arrays.stream(x).average().orElse(0);
        double my = Arrays.stream(y).average().orElse(0);
        double num = 0;
        double den = 0;
        for (int i = 0; i < x.length; i++) {
            num += (x[i] - mx) * (y[i] - my);
            den += (x[i] - mx) * (x[i] - mx);
        }
        return num / den;
    }

    /** R^2 of {@code a e^(b c)} fitted by least squares on ln t, measured on t. */
    static double r2Exponential(double[] c, double[] t) {
        double[] lt = log(t);
        double b = slope(c, lt);
        double lnA = Arrays.stream(lt).average().orElse(0) - b * Arrays.stream(c).average().orElse(0);
        double[] fit = new double[c.length];
        for (int i = 0; i < c.length; i++) {
            fit[i] = Math.exp(lnA + b * c[i]);
        }
        return r2(t, fit);
    }

    /** R^2 of {@code a c^2} fitted by least squares on t. */
    static double r2Quadratic(double[] c, double[] t) {
        double num = 0;
        double den = 0;
        for (int i = 0; i < c.length; i++) {
            num += t[i] * c[i] * c[i];
            den += Math.pow(c[i], 4);
        }
        double a = num / den;
        double[] fit = Arrays.stream(c).map(x -> a * x * x).toArray();
        return r2(t, fit);
    }

    private static double r2(double[] t, double[] fit) {
        double mean = Arrays.stream(t).average().orElse(0);
        double residual = 0;
        double total = 0;
        for (int i = 0; i < t.length; i++) {
            residual += (t[i] - fit[i]) * (t[i] - fit[i]);
            total += (t[i] - mean) * (t[i] - mean);
        }
        return 1 - residual / total;
    }

    static double spearman(double[][] pairs) {
        double[] rx = ranks(Arrays.stream(pairs).mapToDouble(p -> p[0]).toArray());
        double[] ry = ranks(Arrays.stream(pairs).mapToDouble(p -> p[1]).toArray());
        return slope(rx, ry) * Math.sqrt(variance(rx) / variance(ry));
    }

    private static double variance(double[] v) {
        double m = Arrays.stream(v).average().orElse(0);
        return Arrays.stream(v).map(x -> (x - m) * (x - m)).sum();
    }

    private static double[] ranks(double[] v) {
        double[] r = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            int below = 0;
            int equal = 0;
            for (double w : v) {
                below += w < v[i] ? 1 : 0;
                equal += w == v[i] ? 1 : 0;
            }
            r[i] = below + (equal + 1) / 2.0;
        }
        return r;
    }
}
