/**
 * The local stack: a real Confluent-compatible schema registry ({@link io.coreserve.local.ApicurioRegistryProcess})
 * and a real single-node KRaft broker ({@link io.coreserve.local.KafkaBrokerProcess}), each run as a child JVM
 * from artifacts that our own Maven build produces ({@code registry/} and {@code broker/}), so that
 * {@code coreserve dev} and the integration tests need no Docker.
 *
 * <p>The children are looked after: they end with the JVM that started them, even when it is killed with SIGKILL
 * ({@link io.coreserve.local.OrphanGuard}); each is recorded in a pid file in its data directory so that a later
 * start stops one left behind ({@link io.coreserve.local.PidFile}); and, once asked with
 * {@code restartWhenDead()}, one that dies is started again on the same port and data
 * ({@link io.coreserve.local.ChildJvm}).
 */
package io.coreserve.local;
