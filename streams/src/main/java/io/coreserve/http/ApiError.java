package io.coreserve.http;

/**
 * A request the API refuses: the HTTP status, the reason, and the field of the body or the parameter at fault when
 * there is one. {@link HttpApi} answers it as {@code {"error": reason, "field": field}}.
 */
public final class ApiError extends RuntimeException {

    private final int status;
    private final String field;

    public ApiError(int status, String field, String reason) {
        super(reason, null, false, false);
        this.status = status;
        this.field = field;
    }

    /** 400: {@code field} of the body (or the parameter) is wrong, as {@code reason} says. */
    public static ApiError badField(String field, String reason) {
        return new ApiError(400, field, "field " + field + ": " + reason);
    }

    public int status() {
        return status;
    }

    /** The field or parameter at fault; null when the request as a whole is. */
    public String field() {
        return field;
    }
}
