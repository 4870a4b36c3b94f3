package io.coreserve.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Settings;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine.Option;

/**
 * How the reading commands ({@code show}, {@code queue}, {@code probe}, {@code accept}) reach the app: its HTTP
 * queries, at {@code --http URL}, else the setting {@value Settings#HTTP_URL} (config file, or
 * {@code CORESERVE_HTTP_URL}), else the port a {@code dev} run from this directory keeps in
 * {@code .coreserve/http.port}. A refusal is an exception with the app's own reason; an app that does not answer
 * says where it was looked for.
 */
public final class AppHttp {

    /** Absent values are left out of request bodies: the app refuses an explicit null as a missing value. */
    static final ObjectMapper JSON = new ObjectMapper()
            .setSerializationInclusion(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY);
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @Option(names = "--http", paramLabel = "URL", description = "The app's HTTP address (the http= of dev's ready "
            + "line; default: the setting " + Settings.HTTP_URL + ").")
    String url;

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

    /** The base URL: {@code --http}, else the configured one, else the port {@code dev} keeps in its data dir. */
    String base(CoreserveConfig config) {
        return base(config, LOCAL_PORT_FILE);
    }

    /**
     * Where {@code dev} (default data directory) keeps its HTTP port across restarts; it listens on
     * {@code 127.0.0.1} unless configured otherwise.
     */
    static final java.nio.file.Path LOCAL_PORT_FILE = java.nio.file.Path.of(".coreserve", "http.port");

    String base(CoreserveConfig config, java.nio.file.Path localPortFile) {
        String configured = url != null ? url : config.get(Settings.HTTP_URL);
        if ((configured == null || configured.isBlank()) && java.nio.file.Files.isRegularFile(localPortFile)) {
            try {
                configured = "http://127.0.0.1:" + Integer.parseInt(java.nio.file.Files.readString(localPortFile)
                        .trim());
            } catch (IOException | NumberFormatException e) {
                throw new IllegalArgumentException("cannot read dev's HTTP port from " + localPortFile
                        + "; give --http URL", e);
            }
        }
        if (configured == null || configured.isBlank()) {
            throw new IllegalArgumentException("where is the app? give --http URL (the http= of dev's ready line) or "
                    + "set " + Settings.HTTP_URL + " (or run where dev runs)");
        }
        return configured.endsWith("/") ? configured.substring(0, configured.length() - 1) : configured;
    }

    JsonNode get(CoreserveConfig config, String path, Map<String, String> query) throws IOException,
            InterruptedException {
        String params = query.entrySet().stream().filter(e -> e.getValue() != null)
                .map(e -> e.getKey() + "=" + encode(e.getValue())).collect(Collectors.joining("&"));
        return send(config, HttpRequest.newBuilder(URI.create(base(config) + path + (params.isEmpty() ? "" : "?"
                + params))).GET());
    }

    JsonNode post(CoreserveConfig config, String path, Object body) throws IOException, InterruptedException {
        return send(config, HttpRequest.newBuilder(URI.create(base(config) + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body))));
    }

    static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private JsonNode send(CoreserveConfig config, HttpRequest.Builder request) throws IOException,
            InterruptedException {
        HttpRequest built = request.timeout(TIMEOUT).header("Accept", "application/json").build();
        HttpResponse<byte[]> response;
        try {
            response = client.send(built, HttpResponse.BodyHandlers.ofByteArray());
        } catch (ConnectException | HttpTimeoutException e) {
            throw new IOException("no answer from the app at " + base(config) + " (is dev running? --http is the "
                    + "http= of its ready line)", e);
        }
        JsonNode body;
        try {
            body = JSON.readTree(response.body());
        } catch (IOException e) {
            throw new IOException("the app at " + base(config) + " answered " + response.statusCode()
                    + " with something other than JSON", e);
        }
        if (response.statusCode() >= 400) {
            String reason = body.path("error").asText("HTTP " + response.statusCode());
            throw new IllegalStateException(reason + (body.hasNonNull("field") && !reason.contains(
                    body.get("field").asText()) ? " (field " + body.get("field").asText() + ")" : ""));
        }
        return body;
    }
}
