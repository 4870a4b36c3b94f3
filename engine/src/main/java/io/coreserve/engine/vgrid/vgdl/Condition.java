package io.coreserve.engine.vgrid.vgdl;

/** A host constraint: comparisons joined by &&, || and !. */
public sealed interface Condition {

    record And(Condition left, Condition right) implements Condition {
    }

    record Or(Condition left, Condition right) implements Condition {
    }

    record Not(Condition operand) implements Condition {
    }

    /** {@code attribute op value}: {@code label} is set for label attributes, {@code number} otherwise. */
    record Comparison(Attribute attribute, Comparator op, String label, double number) implements Condition {
    }

    enum Comparator {
        EQ, NE, LT, LE, GT, GE;

        public boolean test(double left, double right) {
            return switch (this) {
                case EQ -> left == right;
                case NE -> left != right;
                case LT -> left < right;
                case LE -> left <= right;
                case GT -> left > right;
                case GE -> left >= right;
            };
        }
    }
}
