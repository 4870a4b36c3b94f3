package io.coreserve.serde;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;

/**
 * A client of the Confluent Schema Registry REST API (also served by Apicurio under
 * {@code /apis/ccompat/v7}). Ids and schemas are cached both ways, so a running serde talks to the
 * registry once per schema, not once per record.
 */
public final class RestSchemaRegistryClient implements SchemaRegistryClient {

    private static final String CONTENT_TYPE = "application/vnd.schemaregistry.v1+json";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String baseUrl;
    private final HttpClient http;
    private final Duration timeout;
    private final Map<Integer, Schema> schemasById = new ConcurrentHashMap<>();
    private final Map<String, Map<Schema, Integer>> idsBySubject = new ConcurrentHashMap<>();

    public RestSchemaRegistryClient(String baseUrl) {
        this(baseUrl, Duration.ofSeconds(10));
    }

    public RestSchemaRegistryClient(String baseUrl, Duration timeout) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    public String baseUrl() {
        return baseUrl;
    }

    @Override
    public int register(String subject, Schema schema) {
        Integer cached = cachedId(subject, schema);
        if (cached != null) {
            return cached;
        }
        for (int attempt = 0; ; attempt++) {
            try {
                JsonNode answer = send("POST", "/subjects/" + encode(subject) + "/versions", schemaBody(schema),
                        "register a schema under subject '" + subject + "'");
                return remember(subject, schema, answer.path("id").asInt());
            } catch (IncompatibleSchemaException refused) {
                // Two clients registering the same new subject at once: Apicurio answers the second with 409
                // ("already exists"), like an incompatible schema, sometimes before the first one's version can
                // be looked up. If the schema is there, that is its id; if not yet, ask again a little later.
                try {
                    return lookupId(subject, schema);
                } catch (SchemaRegistryException notThere) {
                    if (attempt >= RACE_RETRIES) {
                        throw refused;
                    }
                }
                pause(RACE_BACKOFF_MILLIS << attempt);
            }
        }
    }

    /** Register attempts after a 409 whose schema cannot be looked up yet, and the first pause between them. */
    private static final int RACE_RETRIES = 4;
    private static final long RACE_BACKOFF_MILLIS = 50;

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SchemaRegistryException("interrupted while registering a schema", e);
        }
    }

    @Override
    public int lookupId(String subject, Schema schema) {
        Integer cached = cachedId(subject, schema);
        if (cached != null) {
            return cached;
        }
        JsonNode answer = send("POST", "/subjects/" + encode(subject), schemaBody(schema),
                "look up the schema of subject '" + subject + "'");
        return remember(subject, schema, answer.path("id").asInt());
    }

    @Override
    public Schema getById(int id) {
        Schema cached = schemasById.get(id);
        if (cached != null) {
            return cached;
        }
        JsonNode answer = send("GET", "/schemas/ids/" + id, null, "fetch schema id " + id);
        Schema schema = new Schema.Parser().parse(answer.path("schema").asText());
        schemasById.put(id, schema);
        return schema;
    }

    @Override
    public boolean isCompatible(String subject, Schema schema) {
        try {
            JsonNode answer = send("POST", "/compatibility/subjects/" + encode(subject) + "/versions/latest",
                    schemaBody(schema), "check compatibility for subject '" + subject + "'");
            return answer.path("is_compatible").asBoolean(false);
        } catch (SchemaRegistryException e) {
            // No version yet: anything is compatible with nothing (Confluent answers 40401).
            if (e.httpStatus() == 404) {
                return true;
            }
            throw e;
        }
    }

    /**
     * Sets the compatibility level (BACKWARD, FULL, NONE, ...) of {@code subject}, or the registry's default when
     * {@code subject} is null. Confluent's registry defaults to BACKWARD; Apicurio enforces nothing until told.
     */
    public void setCompatibility(String subject, String level) {
        String path = subject == null ? "/config" : "/config/" + encode(subject);
        send("PUT", path, JSON.createObjectNode().put("compatibility", level).toString(),
                "set compatibility " + level + (subject == null ? " globally" : " for subject '" + subject + "'"));
    }

    private Integer cachedId(String subject, Schema schema) {
        Map<Schema, Integer> ids = idsBySubject.get(subject);
        return ids == null ? null : ids.get(schema);
    }

    private int remember(String subject, Schema schema, int id) {
        idsBySubject.computeIfAbsent(subject, s -> new ConcurrentHashMap<>()).put(schema, id);
        schemasById.putIfAbsent(id, schema);
        return id;
    }

    private static String schemaBody(Schema schema) {
        ObjectNode body = JSON.createObjectNode();
        body.put("schema", schema.toString());
        body.put("schemaType", "AVRO");
        return body.toString();
    }

    private JsonNode send(String method, String path, String body, String what) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(timeout)
                .header("Accept", CONTENT_TYPE + ", application/json");
        if (body == null) {
            request.GET();
        } else {
            request.header("Content-Type", CONTENT_TYPE).method(method, HttpRequest.BodyPublishers.ofString(body));
        }
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new SchemaRegistryUnavailableException("Schema registry at " + baseUrl + " is unreachable; could not "
                    + what + ": " + e, -1, -1, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SchemaRegistryUnavailableException("Interrupted while trying to " + what + " at " + baseUrl,
                    -1, -1, e);
        }
        JsonNode json = parse(response.body());
        int status = response.statusCode();
        if (status / 100 == 2) {
            return json;
        }
        int errorCode = json.path("error_code").asInt(-1);
        String registryMessage = json.path("message").asText(response.body());
        // Confluent answers 409 for an incompatible schema; Apicurio too (with error_code 0).
        if (status == 409 || errorCode == 409 || errorCode == 42201 && what.startsWith("register")) {
            throw new IncompatibleSchemaException("Schema registry at " + baseUrl + " refused to " + what
                    + ": the schema is not compatible with the subject's registered versions (" + registryMessage
                    + ")", status, errorCode);
        }
        String message = "Schema registry at " + baseUrl + " could not " + what + ": HTTP " + status + ", error_code "
                + errorCode + ": " + registryMessage;
        if (isUnavailable(status)) {
            throw new SchemaRegistryUnavailableException(message, status, errorCode, null);
        }
        throw new SchemaRegistryException(message, status, errorCode, null);
    }

    /**
     * Answers that say nothing about the schema asked for: the registry (or a proxy before it) is failing, overloaded
     * or refuses our credentials. They end when an operator or the registry recovers, so a record must wait for that.
     */
    private static boolean isUnavailable(int status) {
        return status >= 500 || status == 408 || status == 429 || status == 401 || status == 403;
    }

    private static JsonNode parse(String body) {
        try {
            return body == null || body.isBlank() ? JSON.createObjectNode() : JSON.readTree(body);
        } catch (IOException e) {
            return JSON.createObjectNode().put("message", body);
        }
    }

    private static String encode(String subject) {
        return URLEncoder.encode(subject, StandardCharsets.UTF_8);
    }
}
