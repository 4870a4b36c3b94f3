package io.coreserve.engine.allocation;

/** What the engine decides for a request: a {@link Plan} or a {@link Rejection}. */
public sealed interface Outcome permits Plan, Rejection {

    String requestId();

    SearchStats stats();
}
