package io.coreserve.replay;

import java.io.PrintStream;
import java.time.Instant;

/** Prints a one-line progress report to a terminal stream (stderr) at most twice a second, and a last one at the end. */
public final class ProgressPrinter implements TraceReplayer.ProgressListener {

    private static final long INTERVAL_NANOS = 500_000_000L;

    private final PrintStream out;
    private final long expected;
    private final long started = System.nanoTime();
    private long lastPrinted;
    private boolean printed;

    /** {@code expected} events in all, if known (else 0). */
    public ProgressPrinter(PrintStream out, long expected) {
        this.out = out;
        this.expected = expected;
    }

    @Override
    public void progress(long sent, long eventMillis) {
        long now = System.nanoTime();
        if (printed && now - lastPrinted < INTERVAL_NANOS) {
            return;
        }
        lastPrinted = now;
        printed = true;
        double seconds = Math.max(1e-9, (now - started) / 1e9);
        String of = expected > 0 ? String.format(" of %,d (%.0f%%)", expected, 100.0 * sent / expected) : "";
        out.printf("\rreplay: %,d events%s, %,.0f events/s, trace time %s   ", sent, of, sent / seconds,
                Instant.ofEpochMilli(eventMillis));
        out.flush();
    }

    /** Ends the progress line. */
    public void finish() {
        if (printed) {
            out.println();
        }
    }
}
