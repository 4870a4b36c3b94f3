package io.coreserve.connect;

import io.coreserve.trace.events.TraceEventStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One trace a task replays, and its source partition: the format and the absolute path. A task's traces travel
 * in its configuration one per line ({@code swf|/data/a.swf}), since paths may hold commas.
 */
record TraceRef(TraceEventStream.Format format, Path path) {

    static final String PARTITION_TRACE = "trace";
    static final String PARTITION_FORMAT = "format";

    TraceRef {
        path = path.toAbsolutePath().normalize();
    }

    Map<String, String> sourcePartition() {
        return Map.of(PARTITION_FORMAT, format.name().toLowerCase(Locale.ROOT), PARTITION_TRACE, path.toString());
    }

    String encode() {
        return format.name() + "|" + path;
    }

    static TraceRef decode(String line) {
        int bar = line.indexOf('|');
        return new TraceRef(TraceEventStream.Format.valueOf(line.substring(0, bar)), Path.of(line.substring(bar + 1)));
    }

    static String encodeAll(List<TraceRef> refs) {
        return refs.stream().map(TraceRef::encode).collect(Collectors.joining("\n"));
    }

    static List<TraceRef> decodeAll(String text) {
        return Arrays.stream(text.split("\n")).filter(s -> !s.isBlank()).map(TraceRef::decode).toList();
    }
}
