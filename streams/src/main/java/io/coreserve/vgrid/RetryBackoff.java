package io.coreserve.vgrid;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * How long a virtual grid waits before it tries to bind again, after a try that lost hosts to another virtual grid
 * gave up and released everything: binary exponential back-off, as Ethernet after a collision. Before try k + 1 the
 * wait is uniform in [0, base x 2^(k-1)), drawn from the engine's seed, the request id and k (never the wall clock
 * or a shared random source), so a replay waits the same, and requests that collided once rarely start together
 * again: each further collision doubles the spread.
 */
final class RetryBackoff {

    /** The window stops doubling here (base x 2^10), so a long run of tries never waits without bound. */
    private static final int MAX_DOUBLINGS = 10;

    private RetryBackoff() {
    }

    /** The wait, in milliseconds, before try {@code triesGivenUp + 1} of {@code requestId}; {@code triesGivenUp >= 1}. */
    static long delayMillis(long seed, String requestId, int triesGivenUp, Duration base) {
        long window = base.toMillis() << Math.min(MAX_DOUBLINGS, Math.max(0, triesGivenUp - 1));
        double uniform = (mix(mix(seed ^ fnv(requestId)) ^ triesGivenUp) >>> 11) * 0x1.0p-53;
        return (long) (uniform * window);
    }

    /** FNV-1a over the id's UTF-8 bytes: the same on every JVM. */
    private static long fnv(String id) {
        long h = 0xcbf29ce484222325L;
        for (byte b : id.getBytes(StandardCharsets.UTF_8)) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        return h;
    }

    /** SplitMix64's finaliser. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
