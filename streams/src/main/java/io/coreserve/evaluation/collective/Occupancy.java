package io.coreserve.evaluation.collective;

/**
 * How a node's CPU utilisation becomes reserved amounts (the background occupancy of section 4.2).
 *
 * <p>PlanetLab nodes are shared by slices, and the paper's engine reserves partial amounts of every quantitative
 * property. The paper does not say how its usage data became timetables, and our traces hold CPU only. We read
 * a measured utilisation of u% in a 5-minute interval as "u% of the node is taken": u% of each property is
 * reserved in that interval ({@link #PROPORTIONAL}, the default), i.e. T_ij(t) = u_j(t) p_ij.
 * {@link #CORES_ONLY} is the alternative that charges the CPU percentage to the cores alone and leaves GHz and
 * memory free; it makes the grid emptier.
 *
 * <p>A load scale F (a sensitivity knob, not in the paper) multiplies every utilisation first, capped at 100 %.
 */
public enum Occupancy {
    PROPORTIONAL,
    CORES_ONLY;

    /** The utilisation in percent after the load scale: min(100, u F). */
    public static double scaled(int percent, double loadScale) {
        return Math.min(100.0, percent * loadScale);
    }

    /**
     * The reserved amount of property i (index in {@link CollectiveInstance#SCHEMA}) for utilisation u in percent
     * (0..100), rounded down to a micro-unit.
     */
    public long reserved(long capacityMicros, int property, double percent) {
        if (this == CORES_ONLY && property != 0) {
            return 0;
        }
        return (long) Math.floor(capacityMicros * percent / 100.0);
    }
}
