package io.coreserve.engine.srl;

/** Thrown by the parser and the compiler; carries the {@link SrlError} that goes back to the sender. */
public final class SrlException extends RuntimeException {

    private final SrlError error;

    public SrlException(SrlError error) {
        super(error.describe());
        this.error = error;
    }

    static SrlException invalid(String field, String rule, int line, int column, String message) {
        return new SrlException(new SrlError(ReasonCode.INVALID_REQUEST, field, rule, line, column, message));
    }

    public SrlError error() {
        return error;
    }
}
