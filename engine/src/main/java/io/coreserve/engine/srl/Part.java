package io.coreserve.engine.srl;

import java.util.Map;

/**
 * An atomic part of a co-reservation (paper section 4.2): one resource of a type for a fixed duration inside a
 * window.
 *
 * @param id         the {@code <id>} of its attributes
 * @param type       QOS.type
 * @param earliest   TS.est, epoch millis
 * @param latestEnd  TS.let, epoch millis; feasible starts are {@code earliest <= begin <= latestEnd - duration}
 * @param duration   TS.duration, millis
 * @param amounts    quantities by catalogue property ({@code cores}, {@code netbw_mbps}, {@code disk_gb}, or any
 *                   other numeric QOS key), in the property's unit
 * @param labels     qualitative QOS requirements, e.g. {@code arch -> IBM p690}
 * @param misc       MISC attributes, kept and never interpreted
 */
public record Part(String id, PartType type, long earliest, long latestEnd, long duration,
        Map<String, Double> amounts, Map<String, String> labels, Map<String, String> misc) {

    public Part {
        amounts = Map.copyOf(amounts);
        labels = Map.copyOf(labels);
        misc = Map.copyOf(misc);
    }

    /** The latest feasible start. */
    public long latestStart() {
        return latestEnd - duration;
    }
}
