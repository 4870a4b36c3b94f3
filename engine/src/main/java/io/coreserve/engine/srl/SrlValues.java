package io.coreserve.engine.srl;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The value domains of SRL (grammar 3.5): times, durations and quantities with units. Quantities come back in the
 * unit of the catalogue property they fill: Mbit/s for bandwidth, GB for storage, seconds for time.
 */
final class SrlValues {

    /** The physical dimension of a quantity. */
    enum Dimension { TIME, BANDWIDTH, BYTES }

    /** Factors to the dimension's unit (seconds, Mbit/s, GB); decimal prefixes for bytes and bits, as networks do. */
    private static final Map<String, Double> TIME_UNITS = Map.of("s", 1.0, "sec", 1.0, "m", 60.0, "min", 60.0,
            "h", 3600.0, "d", 86400.0);
    private static final Map<String, Double> BANDWIDTH_UNITS = Map.ofEntries(Map.entry("bit/s", 1e-6),
            Map.entry("kbit/s", 1e-3), Map.entry("Mbit/s", 1.0), Map.entry("Gbit/s", 1e3), Map.entry("Tbit/s", 1e6),
            Map.entry("bps", 1e-6), Map.entry("kbps", 1e-3), Map.entry("Mbps", 1.0), Map.entry("Gbps", 1e3));
    private static final Map<String, Double> BYTE_UNITS = Map.ofEntries(Map.entry("B", 1e-9), Map.entry("KB", 1e-6),
            Map.entry("MB", 1e-3), Map.entry("GB", 1.0), Map.entry("TB", 1e3), Map.entry("PB", 1e6),
            Map.entry("KiB", 1024 / 1e9), Map.entry("MiB", 1048576 / 1e9), Map.entry("GiB", 1073741824 / 1e9),
            Map.entry("TiB", 1099511627776.0 / 1e9));

    private static final Pattern NUMBER_WITH_UNIT =
            Pattern.compile("^([-+]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?)\\s*([A-Za-z][A-Za-z/]*)?$");
    private static final DateTimeFormatter PAPER_TIME =
            DateTimeFormatter.ofPattern("MMM d HH:mm:ss yyyy", Locale.ENGLISH);

    private SrlValues() {
    }

    /** A point in time in epoch millis: epoch seconds, ISO-8601, {@code Dec 12 18:00:00 2007} (UTC), {@code now}, {@code +2h}. */
    static Long time(String value, long nowMillis) {
        String v = value.trim();
        if (v.matches("\\d+")) {
            return Long.parseLong(v) * 1000;
        }
        if (v.equals("now")) {
            return nowMillis;
        }
        if (v.startsWith("+") || v.startsWith("now+")) {
            Double seconds = quantity(v.substring(v.indexOf('+') + 1), Dimension.TIME);
            return seconds == null ? null : nowMillis + Math.round(seconds * 1000);
        }
        try {
            return Instant.parse(v).toEpochMilli();
        } catch (DateTimeParseException notIso) {
            try {
                return LocalDateTime.parse(v.replaceAll("\\s+", " "), PAPER_TIME).toInstant(ZoneOffset.UTC).toEpochMilli();
            } catch (DateTimeParseException notPaper) {
                return null;
            }
        }
    }

    /** A duration in millis ({@code 21600}, {@code 6h}, {@code 90m}, {@code PT6H}), or null when unreadable. */
    static Long duration(String value) {
        String v = value.trim();
        if (v.startsWith("PT") || v.startsWith("P")) {
            try {
                return Duration.parse(v).toMillis();
            } catch (DateTimeParseException e) {
                return null;
            }
        }
        Double seconds = quantity(v, Dimension.TIME);
        return seconds == null ? null : Math.round(seconds * 1000);
    }

    /**
     * A quantity in the dimension's unit; a bare number is already in it. Null when the text is not a number
     * with a known unit of that dimension.
     */
    static Double quantity(String value, Dimension dimension) {
        Matcher m = NUMBER_WITH_UNIT.matcher(value.trim());
        if (!m.matches()) {
            return null;
        }
        double number = Double.parseDouble(m.group(1));
        if (m.group(2) == null) {
            return number;
        }
        Double factor = units(dimension).get(m.group(2));
        return factor == null ? null : number * factor;
    }

    /** The dimension a unit word belongs to, or null. */
    static Dimension dimensionOf(String unit) {
        for (Dimension d : Dimension.values()) {
            if (units(d).containsKey(unit)) {
                return d;
            }
        }
        return null;
    }

    static double factor(String unit) {
        return units(dimensionOf(unit)).get(unit);
    }

    private static Map<String, Double> units(Dimension dimension) {
        return switch (dimension) {
            case TIME -> TIME_UNITS;
            case BANDWIDTH -> BANDWIDTH_UNITS;
            case BYTES -> BYTE_UNITS;
        };
    }

    /** Units to milli-units, exact for the thousandths SRL values are rounded to. */
    static long milli(double units) {
        return Math.round(units * 1000);
    }
}
