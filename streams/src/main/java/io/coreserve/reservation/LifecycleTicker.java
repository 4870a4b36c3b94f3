package io.coreserve.reservation;

import io.coreserve.events.Notification;
import io.coreserve.events.NotificationKind;
import io.coreserve.topology.DomainEventHandler.Output;
import java.util.ArrayList;
import java.util.List;

/**
 * Seed 003's execution trigger, on stream time: STARTING when a reservation's start has passed, COMPLETED when its
 * end has; and pruning of background samples older than the retention. The time up to which notifications were sent
 * is kept in a store, so a restart neither repeats nor skips them. Both read indexes, never a whole store.
 */
final class LifecycleTicker {

    private final ReservationSettings settings;
    private final ReservationStores stores;

    LifecycleTicker(ReservationSettings settings, ReservationStores stores) {
        this.settings = settings;
        this.stores = stores;
    }

    Output onStreamTime(long now) {
        Long last = stores.notifiedUntil();
        List<Notification> out = new ArrayList<>();
        if (last != null) {
            long since = last;
            stores.active().tick(since, now, d -> {
                long start = d.getStart().toEpochMilli();
                long end = d.getEnd().toEpochMilli();
                if (start > since && start <= now) {
                    out.add(Decisions.lifecycle(d, NotificationKind.STARTING, "your reservation starts now on "
                            + Decisions.resourceIds(d), stores.emailOf(d), Decisions.resourceIds(d), now));
                }
                if (end > since && end <= now) {
                    out.add(Decisions.lifecycle(d, NotificationKind.COMPLETED, "your reservation has ended",
                            stores.emailOf(d), Decisions.resourceIds(d), now));
                }
            });
        }
        if (last == null || now > last) {
            stores.notifiedUntil(now); // never back: what was notified up to the later time stays notified
        }
        stores.pruneBackground(now - settings.retention().toMillis());
        stores.forgetBefore(now - settings.retention().toMillis());
        return Output.notify(out);
    }
}
