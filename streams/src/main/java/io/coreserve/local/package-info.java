/**
 * The local stack: a real Confluent-compatible schema registry ({@link io.coreserve.local.ApicurioRegistryProcess})
 * and a real single-node KRaft broker ({@link io.coreserve.local.KafkaBrokerProcess}), each run as a child JVM
 * from artifacts that our own Maven build produces ({@code registry/} and {@code broker/}), so that
 * {@code coreserve dev} and the integration tests need no Docker.
 */
package io.coreserve.local;
