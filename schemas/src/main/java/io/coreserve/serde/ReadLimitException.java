package io.coreserve.serde;

/** A record declares more than the configured {@link ReadLimits} allow; nothing was allocated for it. */
public class ReadLimitException extends RuntimeException {

    public ReadLimitException(String message) {
        super(message);
    }
}
