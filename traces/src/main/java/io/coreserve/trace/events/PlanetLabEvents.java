package io.coreserve.trace.events;

import io.coreserve.events.Resource;
import io.coreserve.events.ResourceSample;
import io.coreserve.trace.planetlab.NodeTrace;
import io.coreserve.trace.planetlab.PlanetLabDay;
import io.coreserve.trace.planetlab.PlanetLabReader;
import io.coreserve.trace.planetlab.TraceProblem;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * A PlanetLab day's directory as events (see {@link PlanetLabEventMapping}): first one resource per node (in
 * file-name order), then the samples interval by interval, every node's sample of interval k before any of
 * interval k+1, so the events are in event-time order. The day (288 x nodes integers) is read into memory.
 */
public final class PlanetLabEvents implements TraceEventStream {

    private final List<NodeTrace> nodes;
    private final List<TraceProblem> problems;
    private final MappingOptions options;
    private final Instant dayStart;
    private final double[] cores;
    private final List<String> notes = new ArrayList<>();
    private final Map<EventStream, Long> counts = new EnumMap<>(EventStream.class);
    private final long total;
    private long index;

    private PlanetLabEvents(Path directory, PlanetLabDay day, MappingOptions options) {
        List<NodeTrace> all = day.nodes();
        this.nodes = options.limit() > 0 && all.size() > options.limit() ? all.subList(0, (int) options.limit()) : all;
        this.problems = day.problems();
        this.options = options;
        if (options.start() != null) {
            dayStart = options.start();
        } else {
            String name = directory.toAbsolutePath().normalize().getFileName().toString();
            dayStart = PlanetLabEventMapping.dayOf(name).orElseThrow(() -> new IllegalArgumentException(
                    "PlanetLab directory '" + name + "' is not named yyyyMMdd: give the day's start explicitly"));
        }
        cores = new double[nodes.size()];
        total = (long) nodes.size() * (1 + NodeTrace.INTERVALS);
    }

    /** Reads the day's directory. */
    public static PlanetLabEvents open(Path directory, MappingOptions options) {
        return new PlanetLabEvents(directory, PlanetLabReader.read(directory), options);
    }

    /** For tests: a day already read. */
    public static PlanetLabEvents of(PlanetLabDay day, Instant dayStart, MappingOptions options) {
        return new PlanetLabEvents(Path.of("day"), day, options.withStart(dayStart));
    }

    public Instant dayStart() {
        return dayStart;
    }

    /** How many events the whole day gives: nodes x (1 + 288). */
    public long size() {
        return total;
    }

    @Override
    public boolean hasNext() {
        return index < total;
    }

    @Override
    public long peekIndex() {
        return index;
    }

    @Override
    public TraceEvent next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        int n = nodes.size();
        TraceEvent event;
        if (index < n) {
            int i = (int) index;
            Resource r = PlanetLabEventMapping.resource(nodes.get(i), options.domain(), options.seed(), dayStart);
            cores[i] = r.getProperties().get(PlanetLabEventMapping.CORES);
            event = new TraceEvent(EventStream.RESOURCES, options.domain(), dayStart.toEpochMilli(), r, index, 0);
        } else {
            long s = index - n;
            int interval = (int) (s / n);
            int i = (int) (s % n);
            ResourceSample sample = PlanetLabEventMapping.sample(nodes.get(i), coresOf(i), interval, options.domain(),
                    dayStart);
            event = new TraceEvent(EventStream.SAMPLES, options.domain(), sample.getWindowEnd().toEpochMilli(), sample,
                    index, interval + 1);
        }
        index++;
        counts.merge(event.stream(), 1L, Long::sum);
        return event;
    }

    /** Skipping is arithmetic here: resources are re-drawn on demand, nothing else needs replaying. */
    @Override
    public void skipTo(long target) {
        index = Math.max(index, Math.min(target, total));
    }

    private double coresOf(int i) {
        if (cores[i] == 0) {
            cores[i] = PlanetLabEventMapping.capacities(nodes.get(i).node(), options.seed()).get(PlanetLabEventMapping.CORES);
        }
        return cores[i];
    }

    @Override
    public TraceReport report() {
        Map<String, Long> skipped = new LinkedHashMap<>();
        if (!problems.isEmpty()) {
            skipped.put("unusable node file", (long) problems.size());
        }
        List<String> all = new ArrayList<>(notes);
        problems.stream().limit(10).forEach(p -> all.add("skipped " + p));
        if (problems.size() > 10) {
            all.add("... and " + (problems.size() - 10) + " more unusable node files");
        }
        return new TraceReport(counts, Map.of(), skipped, all);
    }

    @Override
    public void close() {
        // everything was read when the stream was opened
    }
}
