package io.coreserve.engine.srl;

import java.util.Set;

/**
 * A reference {@code <id>.<scope>.<key>} inside a constraint or objective (grammar 3.5). After parsing only RVC
 * references remain in expressions: TS and QOS references are replaced by their values.
 */
public record Ref(String part, String key) {

    /** RVC keys computed by candidate generation (spec section 3.5). */
    public static final Set<String> RVC_KEYS = Set.of("begin", "end", "duration", "cost", "resource", "src", "dst",
            "bandwidth");

    /** Keys whose values are identities: only {@code ==} and {@code !=} between two of them are meaningful. */
    public static final Set<String> IDENTITY_KEYS = Set.of("resource", "src", "dst");

    public boolean isIdentity() {
        return IDENTITY_KEYS.contains(key);
    }

    public boolean isTime() {
        return key.equals("begin") || key.equals("end");
    }

    @Override
    public String toString() {
        return part + "." + key;
    }
}
