package io.coreserve.app;

import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterOptions;

/**
 * Whether the pipeline's dependencies answer: the Kafka cluster ({@code describeCluster}) and the schema registry
 * ({@code GET /subjects}). Kafka Streams stays RUNNING while the broker is away (its clients just retry), so its
 * state alone cannot tell. Both are probed at once with a short timeout, and the result is reused for a second,
 * so that {@code /health} answers within about {@link #PROBE_TIMEOUT} however often it is asked.
 */
public final class DependencyHealth implements AutoCloseable {

    static final Duration PROBE_TIMEOUT = Duration.ofMillis(1_500);
    private static final Duration REUSE_FOR = Duration.ofSeconds(1);

    /** One dependency: up or not, and what was seen (the address, or the error). */
    public record Probe(boolean up, String detail) {

        Map<String, Object> asMap() {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("status", up ? "UP" : "DOWN");
            map.put(up ? "at" : "error", detail);
            return map;
        }
    }

    /**
     * What the probes found. The service is DOWN without the broker or a running pipeline (nothing can be
     * decided), DEGRADED without the registry (records whose schemas are cached are still decided, queries
     * answer), UP otherwise.
     */
    public record Report(Probe broker, Probe registry) {

        public String status(boolean pipelineRunning) {
            if (!pipelineRunning || !broker.up()) {
                return "DOWN";
            }
            return registry.up() ? "UP" : "DEGRADED";
        }
    }

    private final String bootstrapServers;
    private final Admin admin;
    private final String registryUrl;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(PROBE_TIMEOUT).build();
    private Report last;
    private long lastNanos;

    public DependencyHealth(CoreserveConfig config) {
        this.bootstrapServers = config.bootstrapServers();
        this.admin = Admin.create(ClientSettings.admin(config));
        // Like the serde, take the first of a comma-separated list.
        String url = config.registryUrl().split(",")[0].trim();
        this.registryUrl = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    /** The last report if it is younger than a second, else a new one (at most about 1.5 s). */
    public synchronized Report check() {
        if (last == null || System.nanoTime() - lastNanos > REUSE_FOR.toNanos()) {
            CompletableFuture<Probe> registry = probeRegistry();
            Probe broker = probeBroker();
            last = new Report(broker, await(registry));
            lastNanos = System.nanoTime();
        }
        return last;
    }

    private Probe probeBroker() {
        try {
            int nodes = admin.describeCluster(new DescribeClusterOptions().timeoutMs((int) PROBE_TIMEOUT.toMillis()))
                    .nodes().get(PROBE_TIMEOUT.toMillis() + 500, TimeUnit.MILLISECONDS).size();
            return nodes > 0 ? new Probe(true, bootstrapServers)
                    : new Probe(false, "no broker in the cluster at " + bootstrapServers);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Probe(false, "interrupted");
        } catch (ExecutionException | TimeoutException e) {
            return new Probe(false, "no answer from " + bootstrapServers + " within " + PROBE_TIMEOUT.toMillis()
                    + " ms (" + causeOf(e) + ")");
        }
    }

    private CompletableFuture<Probe> probeRegistry() {
        if (registryUrl.startsWith("mock://")) {
            return CompletableFuture.completedFuture(new Probe(true, registryUrl + " (in memory)"));
        }
        HttpRequest request = HttpRequest.newBuilder(URI.create(registryUrl + "/subjects"))
                .timeout(PROBE_TIMEOUT).GET().build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.discarding())
                .thenApply(response -> response.statusCode() == 200 ? new Probe(true, registryUrl)
                        : new Probe(false, registryUrl + " answered " + response.statusCode()))
                .exceptionally(e -> new Probe(false, "no answer from " + registryUrl + " within "
                        + PROBE_TIMEOUT.toMillis() + " ms (" + causeOf(e) + ")"));
    }

    private static Probe await(CompletableFuture<Probe> probe) {
        try {
            return probe.get(PROBE_TIMEOUT.toMillis() + 500, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Probe(false, "interrupted");
        } catch (ExecutionException | TimeoutException e) {
            return new Probe(false, causeOf(e));
        }
    }

    private static String causeOf(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.getClass().getSimpleName()
                : root.getClass().getSimpleName() + ": " + root.getMessage();
    }

    @Override
    public void close() {
        admin.close(Duration.ofSeconds(2));
    }
}
