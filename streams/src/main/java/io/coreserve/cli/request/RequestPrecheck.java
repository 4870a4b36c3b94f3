package io.coreserve.cli.request;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Settings;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.reservation.DurationLimit;
import io.coreserve.reservation.RequestIds;

/**
 * The pipeline's rules that {@code submit} checks before it sends, so a request that can only be refused is not
 * sent at all: an id a URL cannot carry ({@link RequestIds}) and a duration above
 * {@code coreserve.request.max-duration} (as this client is configured; the pipeline applies its own setting).
 * The pipeline still checks both, for every other sender.
 */
public final class RequestPrecheck {

    private RequestPrecheck() {
    }

    /** Throws {@link IllegalArgumentException} naming the key, the flag and the rule when {@code request} breaks one. */
    public static void check(CoAllocationRequest request, CoreserveConfig config) {
        String id = RequestIds.problem(request.getRequestId());
        if (id != null) {
            throw new IllegalArgumentException("id (--id) " + id + "; nothing was sent");
        }
        String duration = DurationLimit.problem(request.getDurationMillis(), config.getDuration(Settings.MAX_DURATION));
        if (duration != null) {
            throw new IllegalArgumentException("duration (--duration) " + duration + "; nothing was sent");
        }
    }
}
