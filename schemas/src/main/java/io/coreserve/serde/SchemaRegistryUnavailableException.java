package io.coreserve.serde;

/**
 * The registry could not answer (not reachable, timed out, a server error, or it refused our credentials): nothing
 * is known about the record, so it must be retried later, never treated as a bad record. Only a registry that
 * answers that it does not know a schema id (404) makes a record unreadable.
 */
public class SchemaRegistryUnavailableException extends SchemaRegistryException {

    public SchemaRegistryUnavailableException(String message, int httpStatus, int errorCode, Throwable cause) {
        super(message, httpStatus, errorCode, cause);
    }

    /** Whether {@code error} or one of its causes says the registry was unavailable. */
    public static boolean isCause(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof SchemaRegistryUnavailableException) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }
}
