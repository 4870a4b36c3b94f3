package io.coreserve.trace.events;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a trace turned into: events per stream, the fallbacks taken (counted per kind), what was skipped
 * (counted per reason) and notes about choices made for the whole trace (e.g. a missing header field).
 */
public record TraceReport(Map<EventStream, Long> events, Map<String, Long> fallbacks, Map<String, Long> skipped,
                          List<String> notes) {

    public TraceReport {
        EnumMap<EventStream, Long> all = new EnumMap<>(EventStream.class);
        for (EventStream s : EventStream.values()) {
            all.put(s, events.getOrDefault(s, 0L));
        }
        events = java.util.Collections.unmodifiableMap(all);
        fallbacks = java.util.Collections.unmodifiableMap(new TreeMap<>(fallbacks));
        skipped = java.util.Collections.unmodifiableMap(new TreeMap<>(skipped));
        notes = List.copyOf(notes);
    }

    public long totalEvents() {
        return events.values().stream().mapToLong(Long::longValue).sum();
    }

    public long totalSkipped() {
        return skipped.values().stream().mapToLong(Long::longValue).sum();
    }
}
