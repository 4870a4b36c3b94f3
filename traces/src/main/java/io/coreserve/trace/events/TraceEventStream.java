package io.coreserve.trace.events;

import java.io.Closeable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;

/**
 * The events of one trace, in order, read lazily where the format allows. The same file and options always
 * give the same events (byte for byte once serialized), so {@link TraceEvent#index()} is a resumable position.
 * Not thread-safe.
 */
public interface TraceEventStream extends Iterator<TraceEvent>, Closeable {

    /** The trace formats understood. */
    enum Format {
        /** A Standard Workload Format v2.2 file. */
        SWF,
        /** A directory of PlanetLab CPU-utilisation files, one day. */
        PLANETLAB;

        /** A directory is PlanetLab, a file SWF. */
        public static Format detect(Path path) {
            return Files.isDirectory(path) ? PLANETLAB : SWF;
        }
    }

    /** Counts so far; complete once {@link #hasNext()} is false. */
    TraceReport report();

    /** Opens {@code path} as {@code format}. */
    static TraceEventStream open(Format format, Path path, MappingOptions options) throws java.io.IOException {
        return switch (format) {
            case SWF -> SwfEvents.open(path, options);
            case PLANETLAB -> PlanetLabEvents.open(path, options);
        };
    }

    /** Skips the events before {@code index} (they are still read and mapped, not produced). */
    default void skipTo(long index) {
        // The default walks; implementations may do better.
        while (hasNext() && peekIndex() < index) {
            next();
        }
    }

    /** The index the next event will have. */
    long peekIndex();
}
