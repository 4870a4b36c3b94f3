package io.coreserve.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.coreserve.events.CoAllocationRequest;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Times {@code POST /probe} of a running pipeline with the benchmark's requests: the engine's search on the live
 * books, through the HTTP API, booking nothing.
 */
public final class ProbeTiming {

    /** Timings of {@code count} probes, and how the last answered. */
    public record Timing(Percentiles millis, int errors, String lastStatus) {
        @Override
        public String toString() {
            return String.format("%d probes, p50 %.2f ms, p99 %.2f ms, max %.1f ms, %d errors, last: %s",
                    millis.count(), millis.p50(), millis.p99(), millis.max(), errors, lastStatus);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI probe;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** @param httpBase the pipeline's HTTP address, e.g. http://127.0.0.1:8080 */
    public ProbeTiming(String httpBase) {
        this.probe = URI.create(httpBase.replaceAll("/+$", "") + "/probe");
    }

    /**
     * Times {@code count} probes on one kept-open connection, after {@code count / 5} (at most 200) untimed ones
     * that warm up the JIT on both sides.
     */
    public Timing time(BenchWorkload workload, int count) {
        return timeRequests(count, () -> HttpRequest.newBuilder(probe).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(spec(workload.next(Instant.now())))))
                .build(), body -> String.valueOf(JSON.readTree(body).path("status").asText()));
    }

    /**
     * Times {@code count} {@code GET /health} on the same client, after as many untimed ones as {@link #time}: the
     * floor under every probe (HTTP on both sides, no search), so that a probe's figure can be read as floor plus
     * search.
     */
    public Timing timeHealth(int count) {
        HttpRequest health = HttpRequest.newBuilder(probe.resolve("/health")).timeout(Duration.ofSeconds(60)).GET()
                .build();
        return timeRequests(count, () -> health, body -> "HTTP 200");
    }

    /** A request to send, made before its timing starts. */
    @FunctionalInterface
    private interface RequestMaker {
        HttpRequest make() throws IOException;
    }

    /** What an answer with status 200 says, for the timing's "last". */
    @FunctionalInterface
    private interface AnswerReader {
        String read(String body) throws IOException;
    }

    private Timing timeRequests(int count, RequestMaker requests, AnswerReader answers) {
        List<Long> nanos = new ArrayList<>();
        int errors = 0;
        String last = "none";
        for (int k = -Math.min(200, count / 5); k < count; k++) {
            try {
                HttpRequest request = requests.make();
                long start = System.nanoTime();
                HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
                if (k >= 0) {
                    nanos.add(System.nanoTime() - start);
                }
                if (response.statusCode() != 200) {
                    errors++;
                    last = "HTTP " + response.statusCode() + " " + abbreviate(response.body());
                } else {
                    last = answers.read(response.body());
                }
            } catch (IOException e) {
                errors++;
                last = e.toString();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return new Timing(Percentiles.ofNanos(nanos), errors, last);
    }

    /** The request as {@code submit}'s JSON (see {@code RequestSpec}). */
    static Map<String, Object> spec(CoAllocationRequest r) {
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("id", r.getRequestId());
        spec.put("user", r.getUser());
        spec.put("n", r.getResourceCount());
        spec.put("duration", Duration.ofMillis(r.getDurationMillis()).toString());
        spec.put("earliest", r.getEarliestStart().toString());
        spec.put("latest", r.getLatestStart().toString());
        spec.put("min", r.getMinimums());
        spec.put("total", r.getTotals());
        return spec;
    }

    private static String abbreviate(String s) {
        return s.length() <= 200 ? s : s.substring(0, 200) + "...";
    }
}
