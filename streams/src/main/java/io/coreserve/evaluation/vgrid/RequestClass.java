package io.coreserve.evaluation.vgrid;

/**
 * The request classes of paper section 4.2: by the number of possible selections (small or large count, against
 * the workload's mean) and by the standard deviation of their quality (small or large variance, likewise).
 */
enum RequestClass {
    SC_SV, SC_LV, LC_SV, LC_LV;

    static RequestClass of(double count, double meanCount, double stdDev, double meanStdDev) {
        boolean largeCount = count >= meanCount;
        boolean largeVariance = stdDev >= meanStdDev;
        return largeCount ? (largeVariance ? LC_LV : LC_SV) : (largeVariance ? SC_LV : SC_SV);
    }

    String label() {
        return name().replace('_', '-');
    }
}
