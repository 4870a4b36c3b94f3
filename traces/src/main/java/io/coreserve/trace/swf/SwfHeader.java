package io.coreserve.trace.swf;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code ;}-comment header of an SWF trace. The fields the archive defines with a numeric or
 * single value are parsed; every {@code Key: value} line is also kept, in order, in
 * {@link #entries()} (keys such as {@code Note}, {@code Queue} and {@code Partition} repeat).
 */
public record SwfHeader(
        Optional<String> version,
        Optional<String> computer,
        Optional<String> installation,
        Optional<Long> maxJobs,
        Optional<Long> maxRecords,
        Optional<Long> unixStartTime,
        Optional<Long> timeZone,
        Optional<String> timeZoneString,
        Optional<Long> maxNodes,
        Optional<Long> maxProcs,
        Optional<Long> maxRuntime,
        Optional<Long> maxMemory,
        List<Map.Entry<String, String>> entries) {

    public SwfHeader {
        entries = List.copyOf(entries);
    }

    /** All values of a header key, in file order (e.g. every {@code Note}). */
    public List<String> values(String key) {
        return entries.stream().filter(e -> e.getKey().equalsIgnoreCase(key)).map(Map.Entry::getValue).toList();
    }

    /** The first value of a header key, if present. */
    public Optional<String> value(String key) {
        return values(key).stream().findFirst();
    }

    static SwfHeader of(List<Map.Entry<String, String>> entries) {
        SwfHeader empty = new SwfHeader(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), entries);
        return new SwfHeader(
                empty.value("Version"), empty.value("Computer"), empty.value("Installation"),
                number(empty, "MaxJobs"), number(empty, "MaxRecords"), number(empty, "UnixStartTime"),
                number(empty, "TimeZone"), empty.value("TimeZoneString"), number(empty, "MaxNodes"),
                number(empty, "MaxProcs"), number(empty, "MaxRuntime"), number(empty, "MaxMemory"), entries);
    }

    private static Optional<Long> number(SwfHeader header, String key) {
        return header.value(key).flatMap(v -> {
            try {
                return Optional.of(Long.parseLong(v.trim()));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        });
    }
}
