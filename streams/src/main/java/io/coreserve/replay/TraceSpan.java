package io.coreserve.replay;

import io.coreserve.trace.events.PlanetLabEvents;
import io.coreserve.trace.events.TraceEvent;
import io.coreserve.trace.events.TraceEventStream;
import java.time.Duration;
import java.time.Instant;

/**
 * The event times a trace will put on its records, known before anything is sent, so that the target topics can be
 * checked against them.
 *
 * @param oldest the earliest record timestamp (epoch ms)
 * @param newest the latest record timestamp (epoch ms)
 * @param events how many events
 */
public record TraceSpan(long oldest, long newest, long events) {

    /** A PlanetLab day is arithmetic: resources at midnight, the last sample ends 24 hours later. */
    public static TraceSpan of(PlanetLabEvents day) {
        long start = day.dayStart().toEpochMilli();
        return new TraceSpan(start, start + Duration.ofDays(1).toMillis(), day.size());
    }

    /** Reads the whole stream (an SWF trace is streamed, so the only way to know its last submission). */
    public static TraceSpan scan(TraceEventStream events) {
        long oldest = Long.MAX_VALUE;
        long newest = Long.MIN_VALUE;
        long count = 0;
        while (events.hasNext()) {
            TraceEvent event = events.next();
            oldest = Math.min(oldest, event.timestamp());
            newest = Math.max(newest, event.timestamp());
            count++;
        }
        return count == 0 ? new TraceSpan(0, 0, 0) : new TraceSpan(oldest, newest, count);
    }

    /** Where a paced replay sends the event stamped {@code eventMillis}: {@code now} plus its trace offset / speed. */
    long sendMillis(long eventMillis, long nowMillis, Pacing pacing) {
        if (!pacing.isPaced()) {
            return nowMillis;
        }
        return nowMillis + (long) ((eventMillis - oldest) / pacing.speedFactor());
    }

    @Override
    public String toString() {
        return Instant.ofEpochMilli(oldest) + " .. " + Instant.ofEpochMilli(newest);
    }
}
