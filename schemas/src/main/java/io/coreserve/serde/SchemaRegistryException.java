package io.coreserve.serde;

/** A schema registry call failed; the message says which registry, which call and why. */
public class SchemaRegistryException extends RuntimeException {

    private final int httpStatus;
    private final int errorCode;

    public SchemaRegistryException(String message, int httpStatus, int errorCode, Throwable cause) {
        super(message, cause);
        this.httpStatus = httpStatus;
        this.errorCode = errorCode;
    }

    public SchemaRegistryException(String message, Throwable cause) {
        this(message, -1, -1, cause);
    }

    /** HTTP status of the registry's answer, or -1 if the registry could not be reached. */
    public int httpStatus() {
        return httpStatus;
    }

    /** The registry's {@code error_code}, or -1 if it gave none. */
    public int errorCode() {
        return errorCode;
    }
}
