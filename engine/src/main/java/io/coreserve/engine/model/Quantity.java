package io.coreserve.engine.model;

/**
 * Amounts of a property are held as fixed-point micro-units (a {@code long} of millionths of the property's
 * unit), so that reserving and releasing add and subtract exactly and a released reservation restores a
 * timetable bit for bit; doubles are used only at the edges and for the utilisation ratios.
 */
public final class Quantity {

    /** Micro-units per unit of a property. */
    public static final long SCALE = 1_000_000L;

    private Quantity() {
    }

    /** The nearest micro-unit amount, e.g. a capacity of 2.68 GHz becomes 2 680 000. */
    public static long toMicros(double units) {
        return Math.round(units * SCALE);
    }

    /**
     * The smallest micro-unit amount that is not below {@code units}, ignoring binary noise below a
     * thousandth of a micro-unit (so 0.1 + 0.2 is 300 000, not 300 001). Requirements round up with it.
     */
    public static long toMicrosAtLeast(double units) {
        double scaled = units * SCALE;
        long nearest = Math.round(scaled);
        return Math.abs(scaled - nearest) < 1e-3 ? nearest : (long) Math.ceil(scaled);
    }

    public static double toUnits(long micros) {
        return (double) micros / SCALE;
    }

    /** True when the value is a finite, non-negative number. */
    public static boolean isValidAmount(double units) {
        return Double.isFinite(units) && units >= 0;
    }
}
