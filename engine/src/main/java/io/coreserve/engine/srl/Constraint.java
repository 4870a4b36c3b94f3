package io.coreserve.engine.srl;

/**
 * A CON attribute compiled to {@code expression op 0}, where {@code expression} is left side minus right side.
 * Printed the way a reader checks it: terms on the left, the constant moved to the right
 * ({@code PCC.begin - VIS.begin == -14400}).
 *
 * @param field the attribute, e.g. {@code VIS.CON.time}
 */
public record Constraint(String field, LinearExpression expression, Relation relation) {

    /** Holds for terms whose value (in milli-units, constant excluded) is {@code termsValue}. */
    public boolean holds(long termsValue) {
        return relation.holds(termsValue, -expression.constant());
    }

    @Override
    public String toString() {
        return field + ": " + expression.termsText() + " " + relation.symbol() + " "
                + LinearExpression.units(-expression.constant());
    }
}
