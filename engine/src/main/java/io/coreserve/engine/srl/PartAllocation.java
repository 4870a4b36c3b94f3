package io.coreserve.engine.srl;

import java.util.Map;

/**
 * One booked (or planned) part of a co-reservation: which resource, when, how much, at what fee; for a link also
 * the endpoints it joins as used and the free bandwidth it had.
 *
 * @param resource index in the part's pool
 * @param amounts  by property, in the property's unit
 * @param cost     the fee (spec 5)
 */
public record PartAllocation(String partId, PartType type, String resourceId, int resource, long start, long end,
        Map<String, Double> amounts, double cost, double bandwidthMbps, String src, String dst) {

    public PartAllocation {
        amounts = Map.copyOf(amounts);
    }
}
