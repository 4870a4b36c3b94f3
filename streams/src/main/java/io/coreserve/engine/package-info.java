/**
 * The co-allocation engine of Cankar et al., "Co-Allocation with Collective Requests in Grid Systems"
 * (seed paper 000), in plain Java.
 *
 * <p>{@code model} holds the value types of section 2 (properties, resources, requests),
 * {@code timetable} the reserved-amount step functions T_ij(t), {@code catalogue} the resources and their
 * labels, and {@code allocation} the six phases of section 3 with the facade
 * {@link io.coreserve.engine.allocation.CoAllocator}. Nothing here depends on Kafka or Avro; the streaming
 * topology is a thin shell around it.
 */
package io.coreserve.engine;
