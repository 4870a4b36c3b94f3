package io.coreserve.engine.vgrid.classify;

/** A place hosts live at: a name and, when known, latitude/longitude in degrees (NaN when unknown). */
public record Site(String name, double latitude, double longitude) {

    public boolean located() {
        return !Double.isNaN(latitude) && !Double.isNaN(longitude);
    }
}
