package io.coreserve.trace.events;

import io.coreserve.events.Resource;
import io.coreserve.trace.swf.SwfHeader;
import io.coreserve.trace.swf.SwfJob;
import io.coreserve.trace.swf.SwfJobNormaliser;
import io.coreserve.trace.swf.SwfReader;
import io.coreserve.trace.swf.TraceJob;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * Streams an SWF file as events (see {@link SwfEventMapping} for the mapping): first the catalogue, all stamped
 * with the trace start, then one request per usable job in file order, stamped with its submission time.
 * Jobs are read one at a time, so a trace of any size streams in constant memory.
 */
public final class SwfEvents implements TraceEventStream {

    public static final String NOTE_NO_START = "no UnixStartTime in the header: times count from 1970-01-01T00:00:00Z";
    public static final String NOTE_NO_MACHINE = "no MaxNodes or MaxProcs in the header: no catalogue produced";

    private final SwfReader reader;
    private final MappingOptions options;
    private final SwfJobNormaliser normaliser = new SwfJobNormaliser();
    private final Instant traceStart;
    private final int coresPerNode;
    private final Iterator<Resource> catalogue;
    private final List<String> notes = new ArrayList<>();
    private final Map<EventStream, Long> counts = new EnumMap<>(EventStream.class);
    private long jobsEmitted;
    private long index;
    private TraceEvent next;

    private SwfEvents(SwfReader reader, MappingOptions options) {
        this.reader = reader;
        this.options = options;
        SwfHeader header = reader.header();
        if (options.start() != null) {
            traceStart = options.start();
        } else if (header.unixStartTime().isPresent()) {
            traceStart = Instant.ofEpochSecond(header.unixStartTime().get());
        } else {
            traceStart = Instant.EPOCH;
            notes.add(NOTE_NO_START);
        }
        int[] nodeCores = SwfEventMapping.nodeCores(header);
        if (nodeCores.length == 0) {
            notes.add(NOTE_NO_MACHINE);
        }
        coresPerNode = SwfEventMapping.coresPerNode(nodeCores);
        catalogue = SwfEventMapping.catalogue(nodeCores, options.domain(), traceStart).iterator();
        advance();
    }

    public static SwfEvents open(Path file, MappingOptions options) throws IOException {
        return new SwfEvents(SwfReader.open(file), options);
    }

    public static SwfEvents of(Reader in, MappingOptions options) {
        return new SwfEvents(new SwfReader(in), options);
    }

    /** When the trace starts: the configured start, else UnixStartTime, else the epoch. */
    public Instant traceStart() {
        return traceStart;
    }

    /** c in N = ceil(P / c): the cores of the catalogue's largest node. */
    public int coresPerNode() {
        return coresPerNode;
    }

    @Override
    public boolean hasNext() {
        return next != null;
    }

    @Override
    public TraceEvent next() {
        if (next == null) {
            throw new NoSuchElementException();
        }
        TraceEvent event = next;
        counts.merge(event.stream(), 1L, Long::sum);
        advance();
        return event;
    }

    @Override
    public long peekIndex() {
        return next == null ? index : next.index();
    }

    private void advance() {
        next = null;
        if (catalogue.hasNext()) {
            Resource r = catalogue.next();
            next = new TraceEvent(EventStream.RESOURCES, options.domain(), traceStart.toEpochMilli(), r, index++, 0);
            return;
        }
        while (reader.hasNext() && (options.limit() <= 0 || jobsEmitted < options.limit())) {
            SwfJob raw = reader.next();
            Optional<TraceJob> job = normaliser.normalise(raw);
            if (job.isPresent()) {
                var request = SwfEventMapping.request(raw, job.get(), coresPerNode, traceStart, options);
                jobsEmitted++;
                next = new TraceEvent(EventStream.REQUESTS, options.domain(), request.getSubmittedAt().toEpochMilli(),
                        SwfEventMapping.command(request), index++, raw.lineNumber());
                return;
            }
        }
    }

    @Override
    public TraceReport report() {
        SwfJobNormaliser.NormalisationReport n = normaliser.report();
        Map<String, Long> fallbacks = new LinkedHashMap<>();
        fallbacks.put("processors from allocated (no requested)", n.processorFallbacks());
        fallbacks.put("duration from run time (no requested time)", n.requestedTimeFallbacks());
        Map<String, Long> skipped = new LinkedHashMap<>(n.skippedByReason());
        if (reader.issueCount() > 0) {
            skipped.put("malformed line", reader.issueCount());
        }
        List<String> allNotes = new ArrayList<>(notes);
        reader.extraColumns().ifPresent(allNotes::add);
        return new TraceReport(counts, fallbacks, skipped, allNotes);
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
