package io.coreserve.serde;

import org.apache.avro.Schema;

/**
 * The part of the Confluent Schema Registry REST API that the serde needs: register a schema under a
 * subject, look a schema up by its global id, and ask whether a schema is compatible with the latest
 * version of a subject.
 */
public interface SchemaRegistryClient {

    /** Registers {@code schema} under {@code subject} (idempotent) and returns its global id. */
    int register(String subject, Schema schema);

    /** The id of {@code schema} if it is already registered under {@code subject}; never registers. */
    int lookupId(String subject, Schema schema);

    /** The schema with global id {@code id}. */
    Schema getById(int id);

    /** Whether {@code schema} may be registered under {@code subject} by the subject's compatibility rule. */
    boolean isCompatible(String subject, Schema schema);
}
