/**
 * Resource provider agents (seed 001, section 3.1): each owns a cluster and its advance-reservation
 * list, answers offer requests with its free slots (Algorithm 1) and accepts or refuses advance
 * reservations.
 */
package io.coreserve.offers.agent;
