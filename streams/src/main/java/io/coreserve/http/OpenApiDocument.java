package io.coreserve.http;

import io.coreserve.http.HttpApi.Param;
import io.coreserve.http.HttpApi.RouteDoc;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The OpenAPI 3.0 description of the declared routes, built from the declarations themselves (OpenAPI 3.0.3:
 * paths, operations, parameters, request bodies, responses). Answers are JSON; every error has the
 * {@code Error} schema.
 */
final class OpenApiDocument {

    private OpenApiDocument() {
    }

    static Map<String, Object> of(List<RouteDoc> routes) {
        Map<String, Object> paths = new LinkedHashMap<>();
        for (RouteDoc route : routes) {
            @SuppressWarnings("unchecked")
            Map<String, Object> item = (Map<String, Object>) paths.computeIfAbsent(openApiPath(route.path()),
                    p -> new LinkedHashMap<>());
            item.put(route.method().toLowerCase(Locale.ROOT), operation(route));
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("openapi", "3.0.3");
        doc.put("info", Map.of("title", "coreserve", "version", "1",
                "description", "Advance reservations and co-allocation: queries, probes and health. Times are epoch "
                        + "milliseconds; request bodies are JSON or YAML, at most coreserve.http.max-body-bytes."));
        doc.put("paths", paths);
        doc.put("components", Map.of("schemas", Map.of("Error", Map.of("type", "object", "required", List.of("error"),
                "properties", Map.of("error", Map.of("type", "string", "description", "the reason"),
                        "field", Map.of("type", "string", "description", "the field or parameter at fault"))))));
        return doc;
    }

    /** Javalin's {@code {id}} is OpenAPI's; its slash-accepting {@code <id>} is written the same way. */
    static String openApiPath(String javalinPath) {
        return javalinPath.replace('<', '{').replace('>', '}');
    }

    private static Map<String, Object> operation(RouteDoc route) {
        Map<String, Object> op = new LinkedHashMap<>();
        op.put("summary", route.summary());
        op.put("operationId", route.method().toLowerCase(Locale.ROOT) + route.path()
                .replaceAll("[^A-Za-z0-9]+", "_").replaceAll("_+$", ""));
        if (!route.parameters().isEmpty()) {
            op.put("parameters", route.parameters().stream().map(OpenApiDocument::parameter).toList());
        }
        if (route.requestBody() != null) {
            Map<String, Object> anyObject = Map.of("schema", Map.of("type", "object"));
            op.put("requestBody", Map.of("required", true, "description", route.requestBody(),
                    "content", Map.of("application/json", anyObject, "application/yaml", anyObject)));
        }
        Map<String, Object> error = Map.of("description", "an error, with its reason",
                "content", Map.of("application/json", Map.of("schema", Map.of("$ref", "#/components/schemas/Error"))));
        Map<String, Object> responses = new LinkedHashMap<>();
        responses.put("200", Map.of("description", "the answer (JSON)", "content", Map.of("application/json",
                Map.of("schema", Map.of()))));
        responses.put("default", error);
        op.put("responses", responses);
        return op;
    }

    private static Map<String, Object> parameter(Param p) {
        return Map.of("name", p.name(), "in", p.in(), "required", p.required(), "description", p.description(),
                "schema", Map.of("type", "string"));
    }
}
