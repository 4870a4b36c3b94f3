package io.coreserve.evaluation.chart;

/** One named line of a chart: y against x, point by point. */
public record Series(String name, double[] x, double[] y) {

    public Series {
        if (x.length != y.length) {
            throw new IllegalArgumentException("series " + name + " has " + x.length + " x values but " + y.length + " y values");
        }
        x = x.clone();
        y = y.clone();
    }

    @Override
    public double[] x() {
        return x.clone();
    }

    @Override
    public double[] y() {
        return y.clone();
    }
}
