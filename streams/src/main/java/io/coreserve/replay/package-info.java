/**
 * Replaying a workload trace onto the pipeline's topics ({@code coreserve replay}): the events of
 * {@code io.coreserve.trace.events}, with the trace's timestamps as record timestamps, as fast as possible or
 * paced against the wall clock.
 */
package io.coreserve.replay;
