/** The metascheduler of seed 001: offer composition (Algorithm 2) and the advance reservations it sends. */
package io.coreserve.offers.metascheduler;
