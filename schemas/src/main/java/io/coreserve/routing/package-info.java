/** How the pipeline's records are keyed and routed to partitions by domain. */
package io.coreserve.routing;
