package io.coreserve.evaluation.collective;

/**
 * How a node's CPU utilisation becomes reserved amounts (the background occupancy of section 4.2).
 *
 * <p>PlanetLab nodes are shared by slices, and the paper's engine reserves partial amounts of every quantitative
 * property. We read a measured utilisation of u% in a 5-minute interval as "u% of the node is taken": u% of
 * each property is reserved in that interval ({@link #PROPORTIONAL}, the default), i.e. T_ij(t) = u_j(t) p_ij.
 * {@link #CORES_ONLY} is the alternative that charges the CPU percentage to the cores alone and leaves GHz and
 * memory free; it makes the grid emptier.
 */
public enum Occupancy {
    PROPORTIONAL,
    CORES_ONLY;

    /** The reserved amount of property i (index in {@link CollectiveInstance#SCHEMA}) for utilisation u in percent. */
    public long reserved(long capacityMicros, int property, int percent) {
        if (this == CORES_ONLY && property != 0) {
            return 0;
        }
        return capacityMicros * percent / 100;
    }
}
