/**
 * Workload traces as the pipeline's input events, deterministically (the same trace and options give the same
 * events, byte for byte once serialized): {@link io.coreserve.trace.events.SwfEventMapping} turns an SWF
 * machine into a catalogue and its jobs into collective requests, {@link io.coreserve.trace.events.PlanetLabEventMapping}
 * a PlanetLab day into resources and utilisation samples. {@link io.coreserve.trace.events.TraceEventStream}
 * reads either as a sequence of {@link io.coreserve.trace.events.TraceEvent}s with event-time timestamps and a
 * resumable index; {@code coreserve replay} and the Connect source both produce it.
 */
package io.coreserve.trace.events;
