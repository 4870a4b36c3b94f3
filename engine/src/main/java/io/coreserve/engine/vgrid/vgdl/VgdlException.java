package io.coreserve.engine.vgrid.vgdl;

/**
 * A vgDL specification that cannot be accepted: the rule it breaks, where (line:column) and why, in words a
 * user can act on. The pipeline turns it into {@code REJECTED INVALID_REQUEST} with field {@code vgdl}.
 */
public final class VgdlException extends Exception {

    private final VgdlRule rule;
    private final Position position;
    private final String reason;

    public VgdlException(VgdlRule rule, Position position, String reason) {
        super(position + ": " + reason + " [" + rule + "]");
        this.rule = rule;
        this.position = position;
        this.reason = reason;
    }

    public VgdlRule rule() {
        return rule;
    }

    public Position position() {
        return position;
    }

    /** The message without position and rule. */
    public String reason() {
        return reason;
    }
}
