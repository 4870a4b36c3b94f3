package io.coreserve.trace.planetlab;

import java.util.Arrays;

/**
 * One PlanetLab node's CPU utilisation over one day: {@code utilisation[k]} is the integer percentage of CPU
 * used in the k-th 5-minute interval after midnight, k = 0..287.
 *
 * @param node the file name the trace came from (PlanetLab names a node slice by it)
 */
public record NodeTrace(String node, int[] utilisation) {

    /** Intervals in a day. */
    public static final int INTERVALS = 288;

    /** Length of one interval. */
    public static final long INTERVAL_MILLIS = 5L * 60_000L;

    public NodeTrace {
        if (utilisation.length != INTERVALS) {
            throw new IllegalArgumentException("a day has " + INTERVALS + " intervals, got " + utilisation.length);
        }
        utilisation = utilisation.clone();
    }

    /** Utilisation in percent of interval k. */
    public int at(int interval) {
        return utilisation[interval];
    }

    @Override
    public int[] utilisation() {
        return utilisation.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NodeTrace other && other.node.equals(node) && Arrays.equals(other.utilisation, utilisation);
    }

    @Override
    public int hashCode() {
        return 31 * node.hashCode() + Arrays.hashCode(utilisation);
    }

    @Override
    public String toString() {
        return "NodeTrace[" + node + "]";
    }
}
