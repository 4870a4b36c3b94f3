package io.coreserve.trace.events;

import io.coreserve.catalogue.Table1Distribution;
import io.coreserve.events.NetworkLocation;
import io.coreserve.events.Resource;
import io.coreserve.events.ResourceSample;
import io.coreserve.trace.planetlab.NodeTrace;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * A PlanetLab day as pipeline events: one resource per node file, and one sample per node per 5-minute interval.
 *
 * <p><b>Resources.</b> The id is the node's file name (PlanetLab names the slice so); the capacities
 * (cores, cpu_ghz, memory_gb) are drawn from seed 000's Table 1 ({@link Table1Distribution}) with a generator
 * seeded by the configured seed and the node's name, so a node always gets the same capacities, whichever
 * other nodes are read with it. Stamped with the start of the day.
 *
 * <p><b>Samples.</b> Interval k covers [day start + 5k min, day start + 5(k+1) min); the used cores are
 * utilisation% x cores / 100; the node is up (the trace only has nodes that reported). A sample is stamped
 * with the end of its window, when the measurement is complete.
 */
public final class PlanetLabEventMapping {

    public static final String CORES = "cores";
    private static final DateTimeFormatter DAY = DateTimeFormatter.BASIC_ISO_DATE;

    private PlanetLabEventMapping() {
    }

    /** Midnight UTC of the day a directory named {@code yyyyMMdd} holds, if it is named so. */
    public static Optional<Instant> dayOf(String directoryName) {
        try {
            return Optional.of(LocalDate.parse(directoryName, DAY).atStartOfDay(ZoneOffset.UTC).toInstant());
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /** The node's capacities p_ij, the same for the same node name and seed. */
    public static Map<String, Double> capacities(String node, long seed) {
        // String.hashCode is specified by the JLS, so this mix is stable across JVMs and runs.
        long mixed = seed * 0x9E3779B97F4A7C15L + node.hashCode();
        return Table1Distribution.draw(new SplittableRandom(mixed));
    }

    public static Resource resource(NodeTrace node, String domain, long seed, Instant dayStart) {
        return Resource.newBuilder()
                .setId(node.node())
                .setDomain(domain)
                .setCluster(null)
                .setProperties(capacities(node.node(), seed))
                .setLabels(new LinkedHashMap<>())
                .setLocation(NetworkLocation.newBuilder().setHost(node.node()).setSite(domain).build())
                .setUpdatedAt(dayStart)
                .build();
    }

    /** Start of interval k. */
    public static Instant windowStart(Instant dayStart, int interval) {
        return dayStart.plusMillis(interval * NodeTrace.INTERVAL_MILLIS);
    }

    public static ResourceSample sample(NodeTrace node, double cores, int interval, String domain, Instant dayStart) {
        Instant start = windowStart(dayStart, interval);
        Map<String, Double> used = new LinkedHashMap<>();
        used.put(CORES, node.at(interval) * cores / 100.0);
        return ResourceSample.newBuilder()
                .setResourceId(node.node())
                .setDomain(domain)
                .setWindowStart(start)
                .setWindowEnd(start.plusMillis(NodeTrace.INTERVAL_MILLIS))
                .setUsed(used)
                .setUp(true)
                .build();
    }
}
