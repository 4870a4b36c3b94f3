package io.coreserve.engine.vgrid.classify;

/**
 * Spec 004 section 3.1: hosts of one site, arch and processor whose clocks lie within {@code clockSimilarity}
 * (±δ, 0.05) form a Cluster; clusters closer than {@code closeMillis} (10 ms) form TightBags.
 */
public record ClassifierSettings(double closeMillis, double clockSimilarity) {

    public static final ClassifierSettings DEFAULTS = new ClassifierSettings(10, 0.05);

    public ClassifierSettings {
        if (!(closeMillis >= 0) || !(clockSimilarity >= 0)) {
            throw new IllegalArgumentException("close-ms and clock-similarity must be >= 0");
        }
    }
}
