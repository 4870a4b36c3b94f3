/**
 * Who sent a command. A Kafka record does not carry its producer's principal to the consumer, so every command
 * on the requests topic, and every virtual grid request on the vgrid-requests topic, is signed by its user
 * (HMAC-SHA256 over the topic, the signer's name and the serialized value, in record headers) and the pipeline
 * verifies it with the users' keys as it deserializes
 * ({@link io.coreserve.identity.AuthenticatingCommandDeserializer}). Broker credentials (SASL/SCRAM) and ACLs
 * decide who may write which topic; the signature decides whose command it is.
 */
package io.coreserve.identity;
