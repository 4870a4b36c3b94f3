package io.coreserve.http;

import io.coreserve.events.Resource;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends synthetic {@code POST /probe} requests through the app's own HTTP API, on one kept-open connection, once the
 * default domain's books are live: the first users after a start then meet compiled code, not the interpreter.
 *
 * <p>Why: on the Slurm peer's 606 nodes and 12,006 bookings a fresh JVM answered the first 200 probes with a median
 * of 2.2 to 4.4 ms and only reached its steady 0.6 to 0.9 ms after a few thousand, and most of that difference was
 * outside the search (Jetty, Javalin and Jackson running interpreted until they are hot). A probe books nothing, so
 * the warm-up changes no state; it takes the books' lock one probe at a time, like any query.
 *
 * <p>The probes are shaped from the domain's catalogue: 1 to 8 resources with a minimum of part of a random
 * resource's capacities and half of them one of its labels, 10 minutes to 12 hours, windows from now to 3 days
 * ahead and up to 8 days long, so that they
 * run the search's paths (short and long windows, accepted and rejected) rather than one of them.
 */
public final class ProbeWarmup implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ProbeWarmup.class);
    /** How long the warm-up waits for the domain's books to go live before it gives up. */
    private static final Duration LIVE_WAIT = Duration.ofSeconds(60);

    private final AtomicInteger answered = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();
    private final CountDownLatch done = new CountDownLatch(1);
    private final Thread thread;
    private volatile boolean stopped;

    private ProbeWarmup(String baseUrl, String domain, int probes, BooleanSupplier live,
            Supplier<List<Resource>> catalogue) {
        this.thread = new Thread(() -> {
            try {
                run(baseUrl, domain, probes, live, catalogue);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                LOG.warn("probe warm-up stopped: {}", e.toString());
            } finally {
                done.countDown();
            }
        }, "coreserve-probe-warmup");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
    }

    /** Starts {@code probes} warm-up probes of {@code domain} against {@code baseUrl} on a background thread. */
    public static ProbeWarmup start(String baseUrl, String domain, int probes, BooleanSupplier live,
            Supplier<List<Resource>> catalogue) {
        ProbeWarmup warmup = new ProbeWarmup(baseUrl, domain, probes, live, catalogue);
        warmup.thread.start();
        return warmup;
    }

    /** Probes the engine searched so far (answered 200, not refused as INVALID_REQUEST). */
    public int answered() {
        return answered.get();
    }

    /** Probes that failed: an error status, no answer, or refused as INVALID_REQUEST. */
    public int failed() {
        return failed.get();
    }

    /** Waits for the warm-up to end; true when it did within {@code timeout}. */
    public boolean await(Duration timeout) throws InterruptedException {
        return done.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void run(String baseUrl, String domain, int probes, BooleanSupplier live,
            Supplier<List<Resource>> catalogue) throws InterruptedException {
        long deadline = System.nanoTime() + LIVE_WAIT.toNanos();
        while (!live.getAsBoolean() && !stopped) {
            if (System.nanoTime() > deadline) {
                LOG.info("probe warm-up skipped: the books of domain {} did not go live within {}", domain, LIVE_WAIT);
                return;
            }
            Thread.sleep(100);                  // a background thread polling a flag, not a test
        }
        List<Resource> resources = catalogue.get();
        if (resources.isEmpty()) {
            LOG.info("probe warm-up skipped: domain {} has no resources yet", domain);
            return;
        }
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        URI probe = URI.create(baseUrl + "/probe");
        SplittableRandom random = new SplittableRandom(probes);
        long start = System.nanoTime();
        for (int k = 0; k < probes && !stopped; k++) {
            HttpRequest request = HttpRequest.newBuilder(probe).timeout(Duration.ofSeconds(10))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body(k, domain, resources, random))).build();
            try {
                HttpResponse<String> answer = client.send(request, HttpResponse.BodyHandlers.ofString());
                // A probe the request rules refuse is answered 200 with INVALID_REQUEST: not the path to warm.
                (searched(answer.statusCode(), answer.body()) ? answered : failed).incrementAndGet();
            } catch (java.io.IOException e) {
                failed.incrementAndGet();
            }
        }
        LOG.info("probe warm-up: {} probes answered, {} failed, in {} ms", answered.get(), failed.get(),
                (System.nanoTime() - start) / 1_000_000);
    }

    /** One synthetic probe (the JSON of {@code submit}'s request files), written by the API's own mapper. */
    static String body(int k, String domain, List<Resource> resources, SplittableRandom random) {
        Resource shape = resources.get(random.nextInt(resources.size()));
        double share = 0.1 + 0.9 * random.nextDouble();
        Map<String, Double> min = new LinkedHashMap<>();
        shape.getProperties().forEach((name, capacity) -> {
            if (capacity != null && capacity > 0) {
                min.put(name, Math.rint(capacity * share * 1000) / 1000);
            }
        });
        // Half of them require one of the shape's labels (the discovery's label path), as requests with
        // features do.
        Map<String, String> require = new LinkedHashMap<>();
        List<String> labels = List.copyOf(shape.getLabels().keySet());
        if (!labels.isEmpty() && random.nextBoolean()) {
            String label = labels.get(random.nextInt(labels.size()));
            require.put(label, shape.getLabels().get(label));
        }
        long earliestMinutes = random.nextLong(3 * 24 * 60);
        long windowMinutes = random.nextLong(8 * 24 * 60);
        Map<String, Object> probe = new LinkedHashMap<>();
        probe.put("id", "warmup-" + k);
        probe.put("user", "coreserve-warmup");
        probe.put("domain", domain);
        probe.put("n", 1 + random.nextInt(Math.min(8, resources.size())));
        probe.put("duration", "PT" + (10 + random.nextInt(711)) + "M");
        probe.put("earliest", "+" + earliestMinutes + "m");
        probe.put("latest", "+" + (earliestMinutes + windowMinutes) + "m");
        probe.put("min", min);
        probe.put("require", require);
        try {
            return HttpApi.JSON.writeValueAsString(probe);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a warm-up probe not serialisable", e);
        }
    }

    /** Whether an answer is a search's: 200, and not refused by the request rules (INVALID_REQUEST). */
    static boolean searched(int status, String body) {
        if (status != 200) {
            return false;
        }
        try {
            return !"INVALID_REQUEST".equals(HttpApi.JSON.readTree(body).path("reasonCode").asText());
        } catch (java.io.IOException e) {
            return false;
        }
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        thread.join(15_000);
    }
}
