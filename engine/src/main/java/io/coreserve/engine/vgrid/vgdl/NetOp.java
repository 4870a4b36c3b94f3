package io.coreserve.engine.vgrid.vgdl;

/**
 * The coarse connectivity operators between entities (paper section 3.1). close and highBW bind their operands
 * into one component (same TightBag); far and lowBW separate them into components of their own.
 */
public enum NetOp {
    CLOSE("close", true),
    FAR("far", false),
    HIGH_BW("highBW", true),
    LOW_BW("lowBW", false);

    private final String keyword;
    private final boolean joins;

    NetOp(String keyword, boolean joins) {
        this.keyword = keyword;
        this.joins = joins;
    }

    public String keyword() {
        return keyword;
    }

    /** Whether the operands form one component (close, highBW) rather than separate ones (far, lowBW). */
    public boolean joins() {
        return joins;
    }

    static NetOp byKeyword(String word) {
        for (NetOp op : values()) {
            if (op.keyword.equals(word)) {
                return op;
            }
        }
        return null;
    }
}
