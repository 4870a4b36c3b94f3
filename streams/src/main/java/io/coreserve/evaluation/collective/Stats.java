package io.coreserve.evaluation.collective;

import java.util.List;

/** Min, max, mean and (sample) standard deviation of some values; NaN for none. */
record Stats(int count, double min, double max, double mean, double sd) {

    static Stats of(List<Double> values) {
        int n = values.size();
        if (n == 0) {
            return new Stats(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double sum = 0;
        for (double v : values) {
            min = Math.min(min, v);
            max = Math.max(max, v);
            sum += v;
        }
        double mean = sum / n;
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        return new Stats(n, min, max, mean, n > 1 ? Math.sqrt(squares / (n - 1)) : 0);
    }
}
