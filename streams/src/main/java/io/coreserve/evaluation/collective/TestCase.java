package io.coreserve.evaluation.collective;

import io.coreserve.engine.model.Request;

/**
 * One test case of section 4.2: a simple and a collective request sharing everything but e_i.
 *
 * @param n          N
 * @param index      0..cases-1 within N
 * @param simple     e_i = d_i / N
 * @param collective e_i = d_i / (2N)
 */
public record TestCase(int n, int index, Request simple, Request collective) {

    public long duration() {
        return simple.durationMillis();
    }

    public long earliest() {
        return simple.earliestStart();
    }

    public long latest() {
        return simple.latestStart();
    }

    /** d_i of a property. */
    public double total(String property) {
        return simple.totals().get(property);
    }
}
