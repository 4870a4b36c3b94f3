package io.coreserve.connect;

import io.coreserve.events.Notification;
import io.coreserve.events.NotificationKind;
import java.time.Instant;
import java.util.List;

/** Notifications for the sink's tests. */
final class Notifications {

    private Notifications() {
    }

    static Notification of(NotificationKind kind, String requestId, String user, String email) {
        return Notification.newBuilder()
                .setUser(user)
                .setEmail(email)
                .setKind(kind)
                .setRequestId(requestId)
                .setReservationId(kind == NotificationKind.ACCEPTED ? "res-" + requestId : null)
                .setMessage("Request " + requestId + " was " + kind.name().toLowerCase())
                .setStart(Instant.parse("2026-12-01T09:00:00Z"))
                .setEnd(Instant.parse("2026-12-01T11:00:00Z"))
                .setResourceIds(List.of("node-0001", "node-0002"))
                .setTime(Instant.parse("2026-11-21T12:00:00Z"))
                .build();
    }
}
