package io.coreserve.reservation;

import io.coreserve.config.Settings;
import java.time.Duration;

/**
 * The longest reservation a request may ask for ({@code coreserve.request.max-duration}). Without it a typo such as
 * {@code 100000d} books resources until the year 2300, which nobody can use and which every later search has to
 * step over. The pipeline refuses a longer request as INVALID_REQUEST; the CLI checks the same rule before it sends.
 */
public final class DurationLimit {

    private DurationLimit() {
    }

    /** Null when {@code durationMillis} is within {@code max}, else the rule in words with both values. */
    public static String problem(long durationMillis, Duration max) {
        if (durationMillis <= max.toMillis()) {
            return null;
        }
        return "must be at most " + compact(max) + " (" + Settings.MAX_DURATION + "), was "
                + compact(Duration.ofMillis(durationMillis));
    }

    /** A duration as {@code submit} takes it: {@code 30d}, {@code 1h30m}, {@code 90s}, {@code 250ms}. */
    static String compact(Duration d) {
        if (d.isZero() || d.isNegative()) {
            return d.toMillis() + "ms";
        }
        StringBuilder s = new StringBuilder();
        append(s, d.toDays(), "d");
        append(s, d.toHoursPart(), "h");
        append(s, d.toMinutesPart(), "m");
        append(s, d.toSecondsPart(), "s");
        append(s, d.toMillisPart(), "ms");
        return s.toString();
    }

    private static void append(StringBuilder s, long amount, String unit) {
        if (amount != 0) {
            s.append(amount).append(unit);
        }
    }
}
