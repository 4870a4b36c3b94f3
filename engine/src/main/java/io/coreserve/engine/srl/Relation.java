package io.coreserve.engine.srl;

/** The relational operators of a CON value (paper section 4.2). */
public enum Relation {
    LT("<"), LE("<="), EQ("=="), NE("!="), GE(">="), GT(">");

    private final String symbol;

    Relation(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }

    /** Whether {@code left op right} holds. */
    public boolean holds(long left, long right) {
        return switch (this) {
            case LT -> left < right;
            case LE -> left <= right;
            case EQ -> left == right;
            case NE -> left != right;
            case GE -> left >= right;
            case GT -> left > right;
        };
    }

    public static Relation of(String symbol) {
        for (Relation r : values()) {
            if (r.symbol.equals(symbol)) {
                return r;
            }
        }
        return null;
    }
}
