package io.coreserve.evaluation.vgrid;

import io.coreserve.engine.vgrid.bind.Approach;

/**
 * One cell of Figure 3's grid: C components, N selections, failure probability p, one approach; measured success
 * rate, mean bind attempts and mean hold (spec 004 section 3.5), and the closed-form success rate.
 */
public record SuccessCell(int components, int selections, double p, Approach approach, int trials, double success,
                          double attempts, double hold, double closedForm) {

    public double deviation() {
        return success - closedForm;
    }
}
