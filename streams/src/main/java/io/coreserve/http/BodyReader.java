package io.coreserve.http;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Reads a request body, at most {@code maxBytes} of it, as JSON or YAML into a type.
 *
 * <p>Size: a body whose Content-Length is over the limit is refused (413) before a byte of it is read; a chunked
 * body is read up to the limit and refused as soon as it goes past it. So a 10 MB body costs nothing.
 *
 * <p>Format: a Content-Type naming JSON or YAML is believed; otherwise (none, {@code text/plain}, the form type
 * {@code curl -d} sends) the content decides: a body that starts with <code>{</code> or {@code [} is JSON, anything
 * else YAML. A YAML flow mapping such as <code>{n: 2}</code> therefore needs its Content-Type.
 *
 * <p>Errors name the field: a value of the wrong type or an unknown key is a 400 whose {@code field} is the key's
 * path ({@code min.cores}).
 */
final class BodyReader {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private final int maxBytes;

    BodyReader(int maxBytes) {
        this.maxBytes = maxBytes;
    }

    /** The attribute under which {@link #read} leaves the body's bytes (to forward it unchanged). */
    static final String BODY_ATTRIBUTE = "coreserve.body";

    <T> T read(Context ctx, Class<T> type) throws IOException {
        byte[] bytes = bytes(ctx);
        ctx.attribute(BODY_ATTRIBUTE, bytes);
        if (bytes.length == 0) {
            throw new ApiError(400, null, "the request has no body");
        }
        T value;
        try {
            value = mapper(ctx.contentType(), bytes).readValue(bytes, type);
        } catch (UnrecognizedPropertyException e) {
            throw ApiError.badField(path(e), "unknown key (known: " + e.getKnownPropertyIds().stream()
                    .map(String::valueOf).sorted().collect(Collectors.joining(", ")) + ")");
        } catch (JsonMappingException e) {
            String field = path(e);
            if (field.isEmpty()) {
                throw new ApiError(400, null, "unreadable request body: " + e.getOriginalMessage());
            }
            throw ApiError.badField(field, "unreadable value: " + e.getOriginalMessage());
        } catch (JacksonException e) {
            throw new ApiError(400, null, "unreadable request body: " + e.getOriginalMessage());
        }
        if (value == null) {
            // JSON null or YAML's ~ (a body of comments only is unreadable above): the routes would fail on it with a 500.
            throw new ApiError(400, null, "the request body is null: a JSON object or YAML mapping is expected");
        }
        return value;
    }

    /** The body as UTF-8 text (an SRL request), within the limit. */
    String text(Context ctx) throws IOException {
        byte[] bytes = bytes(ctx);
        ctx.attribute(BODY_ATTRIBUTE, bytes);
        if (bytes.length == 0) {
            throw new ApiError(400, null, "the request has no body");
        }
        return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** The body, refused with 413 as soon as it is known to be longer than the limit. */
    private byte[] bytes(Context ctx) throws IOException {
        long declared = ctx.req().getContentLengthLong();
        if (declared > maxBytes) {
            throw tooLarge(declared + " bytes");
        }
        try (InputStream in = ctx.req().getInputStream()) {
            byte[] bytes = in.readNBytes(maxBytes + 1);
            if (bytes.length > maxBytes) {
                throw tooLarge("more than " + maxBytes + " bytes");
            }
            return bytes;
        }
    }

    private ApiError tooLarge(String size) {
        return new ApiError(413, null, "request body of " + size + " is over the limit of " + maxBytes
                + " bytes (coreserve.http.max-body-bytes)");
    }

    private static ObjectMapper mapper(String contentType, byte[] body) {
        String type = contentType == null ? "" : contentType.toLowerCase(Locale.ROOT);
        if (type.contains("yaml")) {
            return YAML;
        }
        if (type.contains("json")) {
            return JSON;
        }
        for (byte b : body) {
            if (!Character.isWhitespace(b)) {
                return b == '{' || b == '[' ? JSON : YAML;
            }
        }
        return YAML;
    }

    /** The dotted path of the key a mapping error is about ({@code min.cores}); empty for the body as a whole. */
    private static String path(JsonMappingException e) {
        return e.getPath().stream()
                .map(r -> r.getFieldName() != null ? r.getFieldName() : String.valueOf(r.getIndex()))
                .collect(Collectors.joining("."));
    }
}
