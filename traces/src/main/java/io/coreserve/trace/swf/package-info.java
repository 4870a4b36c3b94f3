/**
 * Reading workload traces in the Standard Workload Format (SWF) v2.2 of the Parallel Workloads
 * Archive: {@link io.coreserve.trace.swf.SwfReader} streams the raw 18-field records and reports
 * malformed lines, {@link io.coreserve.trace.swf.SwfJobNormaliser} turns them into
 * {@link io.coreserve.trace.swf.TraceJob}s with the fallbacks and skips counted.
 */
package io.coreserve.trace.swf;
