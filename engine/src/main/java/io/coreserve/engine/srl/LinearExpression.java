package io.coreserve.engine.srl;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A linear expression over RVC attributes: integer coefficients times references plus a constant. Every value is
 * held in milli-units of its attribute's unit so that sums stay exact: times in epoch milliseconds (a second is
 * 1000), cost in thousandths, bandwidth in kbit/s (1000 per Mbit/s), amounts in thousandths. Identities
 * ({@code resource}, {@code src}, {@code dst}) are not scaled; the parser only lets them appear in {@code A == B}
 * or {@code A != B}.
 */
public record LinearExpression(Map<Ref, Long> terms, long constant) {

    public LinearExpression {
        Map<Ref, Long> kept = new LinkedHashMap<>();
        terms.forEach((ref, coefficient) -> {
            if (coefficient != 0) {
                kept.put(ref, coefficient);
            }
        });
        terms = Collections.unmodifiableMap(kept);
    }

    public static LinearExpression constant(long value) {
        return new LinearExpression(Map.of(), value);
    }

    public static LinearExpression of(Ref ref) {
        return new LinearExpression(Map.of(ref, 1L), 0);
    }

    public LinearExpression plus(LinearExpression other, long sign) {
        Map<Ref, Long> sum = new LinkedHashMap<>(terms);
        other.terms.forEach((ref, c) -> sum.merge(ref, sign * c, Long::sum));
        return new LinearExpression(sum, Math.addExact(constant, Math.multiplyExact(sign, other.constant)));
    }

    public LinearExpression times(long factor) {
        Map<Ref, Long> scaled = new LinkedHashMap<>();
        terms.forEach((ref, c) -> scaled.put(ref, Math.multiplyExact(c, factor)));
        return new LinearExpression(scaled, Math.multiplyExact(constant, factor));
    }

    public boolean isConstant() {
        return terms.isEmpty();
    }

    /** Readable form, e.g. {@code PCC.begin - IBM.begin}; constants in units (milli-units / 1000). */
    public String termsText() {
        StringBuilder text = new StringBuilder();
        terms.forEach((ref, c) -> {
            if (text.length() > 0) {
                text.append(c < 0 ? " - " : " + ");
            } else if (c < 0) {
                text.append("-");
            }
            long magnitude = Math.abs(c);
            text.append(magnitude == 1 ? "" : magnitude + "*").append(ref);
        });
        return text.length() == 0 ? "0" : text.toString();
    }

    /** A milli-unit amount in units, without a trailing {@code .0} for whole numbers. */
    public static String units(long milli) {
        return milli % 1000 == 0 ? Long.toString(milli / 1000) : Double.toString(milli / 1000.0);
    }
}
