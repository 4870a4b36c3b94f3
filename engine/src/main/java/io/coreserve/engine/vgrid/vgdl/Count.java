package io.coreserve.engine.vgrid.vgdl;

/** An aggregate's size {@code [n]} or {@code [min:max]}, 1 <= min <= max. */
public record Count(int min, int max) {

    public Count {
        if (min < 1 || max < min) {
            throw new IllegalArgumentException("count must satisfy 1 <= min <= max: [" + min + ":" + max + "]");
        }
    }
}
