package io.coreserve.engine.srl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the parts from their TS, QOS and MISC attributes (paper section 4.2) and applies spec 3.6's defaults: a
 * part without {@code est} or {@code let} takes the earliest {@code est} / latest {@code let} any part gives (Figure 1
 * gives them only for IBM and VIS), and with none at all the event time and the request horizon.
 */
final class PartReader {

    /** Catalogue property names of SRL's quantity keys (spec 3.5). */
    static final String CORES = "cores";
    static final String NETBW = "netbw_mbps";
    static final String DISK = "disk_gb";

    private final Map<String, Map<String, SrlEntry>> byId;
    private final List<String> partIds;
    private final long now;
    private final long horizon;

    PartReader(Map<String, Map<String, SrlEntry>> byId, List<String> partIds, long now, long horizon) {
        this.byId = byId;
        this.partIds = partIds;
        this.now = now;
        this.horizon = horizon;
    }

    static String propertyOfQosKey(String key) {
        return switch (key) {
            case "cpus" -> CORES;
            case "netbw" -> NETBW;
            case "diskspace" -> DISK;
            default -> key;
        };
    }

    List<Part> read() {
        Long earliestGiven = null;
        Long latestGiven = null;
        for (String id : partIds) {
            Map<String, SrlEntry> attrs = byId.get(id);
            Long est = time(attrs.get("TS.est"));
            Long let = time(attrs.get("TS.let"));
            if (est != null) {
                earliestGiven = earliestGiven == null ? est : Math.min(earliestGiven, est);
            }
            if (let != null) {
                latestGiven = latestGiven == null ? let : Math.max(latestGiven, let);
            }
        }
        long defaultEst = earliestGiven != null ? earliestGiven : now;
        long defaultLet = latestGiven != null ? latestGiven : defaultEst + horizon;
        List<Part> parts = new ArrayList<>();
        for (String id : partIds) {
            parts.add(part(id, byId.get(id), defaultEst, defaultLet));
        }
        return parts;
    }

    private Part part(String id, Map<String, SrlEntry> attrs, long defaultEst, long defaultLet) {
        SrlEntry durationEntry = attrs.get("TS.duration");
        if (durationEntry == null) {
            SrlEntry first = attrs.values().iterator().next();
            throw SrlException.invalid(id + ".TS.duration", "required", first.line(), first.column(),
                    "part " + id + " has no duration");
        }
        Long duration = SrlValues.duration(durationEntry.value());
        if (duration == null) {
            throw durationEntry.error("duration", 0, "'" + durationEntry.value()
                    + "' is not a duration (seconds, 6h, 90m or PT6H)");
        }
        if (duration <= 0) {
            throw durationEntry.error("positive", 0, "the duration must be positive");
        }
        Long est = time(attrs.get("TS.est"));
        Long let = time(attrs.get("TS.let"));
        long earliest = est != null ? est : defaultEst;
        long latestEnd = let != null ? let : defaultLet;
        if (latestEnd - duration < earliest) {
            SrlEntry at = attrs.getOrDefault("TS.let", durationEntry);
            throw SrlException.invalid(id + ".TS.let", "window", at.line(), at.column(),
                    "let - duration is before est: the part does not fit its window");
        }
        PartType type = PartType.COMPUTE;
        Map<String, Double> amounts = new LinkedHashMap<>();
        Map<String, String> labels = new LinkedHashMap<>();
        Map<String, String> misc = new LinkedHashMap<>();
        for (SrlEntry e : attrs.values()) {
            switch (e.scope()) {
                case "QOS" -> {
                    switch (e.key()) {
                        case "type" -> {
                            type = PartType.of(unquote(e.value()));
                            if (type == null) {
                                throw e.error("type", 0, "unknown type '" + e.value()
                                        + "'; expected compute, network, storage or visualize");
                            }
                        }
                        case "cpus" -> amounts.put(CORES, (double) cpus(e));
                        case "netbw" -> amounts.put(NETBW, quantity(e, SrlValues.Dimension.BANDWIDTH, "Mbit/s, Gbit/s"));
                        case "diskspace" -> amounts.put(DISK, quantity(e, SrlValues.Dimension.BYTES, "GB, TB"));
                        default -> labels.put(e.key(), unquote(e.value()));
                    }
                }
                case "MISC" -> misc.put(e.key(), unquote(e.value()));
                case "TS" -> {
                    if (!e.key().equals("est") && !e.key().equals("let") && !e.key().equals("duration")) {
                        misc.put("TS." + e.key(), e.value());
                    }
                }
                default -> {
                    // CON and OBJ are read once every part is known.
                }
            }
        }
        return new Part(id, type, earliest, latestEnd, duration, amounts, labels, misc);
    }

    private Long time(SrlEntry e) {
        if (e == null) {
            return null;
        }
        Long t = SrlValues.time(e.value(), now);
        if (t == null) {
            throw e.error("time", 0, "'" + e.value()
                    + "' is not a time (epoch seconds, ISO-8601, 'Dec 12 18:00:00 2007', now or +2h)");
        }
        return t;
    }

    private static long cpus(SrlEntry e) {
        String v = e.value().trim();
        if (!v.matches("\\d{1,9}") || Long.parseLong(v) < 1) {
            throw e.error("number", 0, "cpus must be a whole number >= 1, not '" + v + "'");
        }
        return Long.parseLong(v);
    }

    private static double quantity(SrlEntry e, SrlValues.Dimension dimension, String examples) {
        Double q = SrlValues.quantity(e.value(), dimension);
        if (q == null) {
            throw e.error("unit", 0, "'" + e.value() + "' is not a quantity with a known unit (e.g. " + examples + ")");
        }
        if (q < 0 || !Double.isFinite(q)) {
            throw e.error("positive", 0, "the quantity must not be negative");
        }
        return q;
    }

    private static String unquote(String value) {
        String v = value.trim();
        return v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"") ? v.substring(1, v.length() - 1) : v;
    }
}
