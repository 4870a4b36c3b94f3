package io.coreserve.engine.srl;

/**
 * One sub-objective of an OBJ attribute: minimise or maximise a linear expression with a weight. Weights are
 * normalised by their sum (the paper asks for a sum of one; its own Figure 1 does not keep to it).
 *
 * @param weight     the weight the request gave
 * @param normalised the weight divided by the sum of all weights
 */
public record Objective(String field, boolean minimise, LinearExpression expression, double weight,
        double normalised) {

    @Override
    public String toString() {
        return field + ": " + (minimise ? "min " : "max ") + expression.termsText() + ", weight " + weight
                + " (normalised " + normalised + ")";
    }
}
