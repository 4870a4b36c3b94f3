/**
 * Seed 001's offers-based co-allocation (COARP) as a streaming protocol: the Kafka shell around the pure
 * {@code agent} and {@code metascheduler} packages. A metascheduler processor asks every provider agent for
 * an offer over the agent-commands topic, composes the answers with Algorithm 2 and reserves the chosen
 * slots; provider agent processors answer with Algorithm 1 and accept or refuse reservations over the
 * agent-replies topic. See {@link io.coreserve.offers.pipeline.OfferFlowTopology} for the wiring.
 */
package io.coreserve.offers.pipeline;
