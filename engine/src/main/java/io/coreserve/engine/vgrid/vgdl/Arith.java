package io.coreserve.engine.vgrid.vgdl;

import java.util.EnumSet;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/** A rank function: arithmetic over numeric attributes and numbers (spec 004 section 2.2). Larger is better. */
public sealed interface Arith {

    double evaluate(ToDoubleFunction<Attribute> values);

    /** The attributes the expression reads. */
    default Set<Attribute> attributes() {
        Set<Attribute> out = EnumSet.noneOf(Attribute.class);
        collect(out);
        return out;
    }

    void collect(Set<Attribute> into);

    record Constant(double value) implements Arith {
        @Override
        public double evaluate(ToDoubleFunction<Attribute> values) {
            return value;
        }

        @Override
        public void collect(Set<Attribute> into) {
        }
    }

    record Ref(Attribute attribute) implements Arith {
        @Override
        public double evaluate(ToDoubleFunction<Attribute> values) {
            return values.applyAsDouble(attribute);
        }

        @Override
        public void collect(Set<Attribute> into) {
            into.add(attribute);
        }
    }

    record Negate(Arith operand) implements Arith {
        @Override
        public double evaluate(ToDoubleFunction<Attribute> values) {
            return -operand.evaluate(values);
        }

        @Override
        public void collect(Set<Attribute> into) {
            operand.collect(into);
        }
    }

    /** {@code op} is one of + - * /; division by zero yields 0 so a rank is always a number. */
    record Binary(char op, Arith left, Arith right) implements Arith {
        @Override
        public double evaluate(ToDoubleFunction<Attribute> values) {
            double l = left.evaluate(values);
            double r = right.evaluate(values);
            return switch (op) {
                case '+' -> l + r;
                case '-' -> l - r;
                case '*' -> l * r;
                default -> r == 0 ? 0 : l / r;
            };
        }

        @Override
        public void collect(Set<Attribute> into) {
            left.collect(into);
            right.collect(into);
        }
    }
}
