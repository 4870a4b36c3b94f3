package io.coreserve.trace.events;

import org.apache.avro.specific.SpecificRecord;

/**
 * One event derived from a trace, ready to be produced.
 *
 * @param stream    which pipeline input it belongs on
 * @param key       the record key: the domain
 * @param timestamp event time in epoch milliseconds, taken from the trace; used as the Kafka record timestamp
 * @param value     the Avro value ({@code Resource}, {@code ResourceSample} or {@code ReservationCommand})
 * @param index     0-based position of the event in the trace's event sequence; the same trace and options
 *                  always give the same sequence, so the index is a resumable offset
 * @param line      the trace line the event came from (SWF job line), or 0 when it has none
 */
public record TraceEvent(EventStream stream, String key, long timestamp, SpecificRecord value, long index, long line) {
}
