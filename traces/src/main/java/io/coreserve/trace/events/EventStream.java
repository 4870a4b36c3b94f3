package io.coreserve.trace.events;

/** The pipeline input an event belongs on; the topic names come from configuration (replay or connector). */
public enum EventStream {
    /** The resource catalogue ({@code Resource}, keyed by domain, compacted topic). */
    RESOURCES,
    /** Monitoring samples ({@code ResourceSample}, keyed by domain). */
    SAMPLES,
    /** User commands ({@code ReservationCommand} wrapping a {@code CoAllocationRequest}, keyed by domain). */
    REQUESTS
}
