package io.coreserve.cli.request;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations and instants as people type them on a command line, in the spirit of sbatch. */
public final class TimeSyntax {

    private static final Pattern COMPACT = Pattern.compile("(?:(\\d+)d)?(?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+)s)?");
    private static final Pattern CLOCK = Pattern.compile("(?:(\\d+)-)?(\\d+):(\\d{2})(?::(\\d{2}))?");

    private TimeSyntax() {
    }

    /**
     * {@code 2h}, {@code 1h30m}, {@code 90m}, {@code 45s}, {@code 1d}, sbatch's {@code HH:MM[:SS]} and
     * {@code D-HH:MM[:SS]}, ISO-8601 {@code PT2H}, or plain minutes ({@code 120}, as sbatch reads it).
     */
    public static Duration duration(String text) {
        String t = text.trim();
        if (t.isEmpty()) {
            throw new IllegalArgumentException("empty duration");
        }
        if (t.startsWith("P") || t.startsWith("p")) {
            return Duration.parse(t.toUpperCase());
        }
        if (t.chars().allMatch(Character::isDigit)) {
            return Duration.ofMinutes(Long.parseLong(t));
        }
        Matcher clock = CLOCK.matcher(t);
        if (clock.matches()) {
            return Duration.ofDays(group(clock, 1)).plusHours(group(clock, 2)).plusMinutes(group(clock, 3))
                    .plusSeconds(group(clock, 4));
        }
        Matcher compact = COMPACT.matcher(t.toLowerCase());
        if (compact.matches()) {
            return Duration.ofDays(group(compact, 1)).plusHours(group(compact, 2)).plusMinutes(group(compact, 3))
                    .plusSeconds(group(compact, 4));
        }
        throw new IllegalArgumentException("'" + text + "' is not a duration (try 2h, 1h30m, 90m, 02:00:00 or PT2H)");
    }

    /** ISO-8601 instant ({@code 2026-11-21T18:00:00Z}), epoch milliseconds, or {@code now}/{@code +2h} relative to {@code now}. */
    public static Instant instant(String text, Instant now) {
        String t = text.trim();
        if (t.equalsIgnoreCase("now")) {
            return now;
        }
        if (t.startsWith("+")) {
            return now.plus(duration(t.substring(1)));
        }
        if (t.chars().allMatch(Character::isDigit)) {
            return Instant.ofEpochMilli(Long.parseLong(t));
        }
        try {
            return Instant.parse(t);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("'" + text + "' is not a time (try 2026-11-21T18:00:00Z, epoch "
                    + "milliseconds, now or +2h)", e);
        }
    }

    private static long group(Matcher m, int i) {
        String g = m.group(i);
        return g == null ? 0 : Long.parseLong(g);
    }
}
