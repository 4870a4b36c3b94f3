package io.coreserve.serde;

/** The registry refused a schema because it breaks the subject's compatibility rule. */
public class IncompatibleSchemaException extends SchemaRegistryException {

    public IncompatibleSchemaException(String message, int httpStatus, int errorCode) {
        super(message, httpStatus, errorCode, null);
    }
}
