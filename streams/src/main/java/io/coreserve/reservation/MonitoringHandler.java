package io.coreserve.reservation;

import io.coreserve.events.Notification;
import io.coreserve.events.NotificationKind;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.Resource;
import io.coreserve.events.ResourceSample;
import io.coreserve.config.Settings;
import io.coreserve.routing.DomainKey;
import io.coreserve.topology.DomainEventHandler.Output;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What monitoring tells the books: catalogue records and samples. Neither has a sender to answer, so a record the
 * books cannot take is refused with an exception, which the processing exception handler turns into a dead letter
 * carrying the message.
 *
 * <p>Policy for samples: the measured usage is booked as background occupancy over the sample's window (a newer
 * sample for the same window replaces the older one); a resource reported down leaves the books (it is no longer
 * selected) until a sample reports it up, and the holders of reservations on it that have not ended are told with a
 * RESOURCE_LOST notification.
 */
final class MonitoringHandler {

    private static final Logger LOG = LoggerFactory.getLogger(MonitoringHandler.class);

    private final ReservationSettings settings;
    private final ReservationStores stores;

    MonitoringHandler(ReservationSettings settings, ReservationStores stores) {
        this.settings = settings;
        this.stores = stores;
    }

    /**
     * A resource record, keyed {@code domain<US>id} ({@link DomainKey}) or, as written before resources were keyed
     * by id, by its domain alone.
     */
    Output onResource(String key, Resource resource, long time) {
        String problem = EventMapping.problemWith(resource, settings.properties());
        if (problem == null) {
            problem = keyProblem(key, resource.getDomain(), resource.getId(), "resource");
        }
        if (problem != null) {
            throw new IllegalArgumentException("Resource " + FieldLimits.bounded(resource.getId()) + " refused: "
                    + problem);
        }
        stores.putResource(resource);
        List<Notification> notifications = new ArrayList<>();
        for (ResourceSample waiting : stores.pending().take(resource.getDomain(), resource.getId())) {
            notifications.addAll(apply(waiting, time).notifications());
        }
        return notifications.isEmpty() ? Output.NOTHING : Output.notify(notifications);
    }

    Output onSample(String key, ResourceSample sample, long time) {
        FieldLimits.Violation limit = FieldLimits.first(
                FieldLimits.required("resourceId", sample.getResourceId(), FieldLimits.MAX_ID),
                FieldLimits.required("domain", sample.getDomain(), FieldLimits.MAX_DOMAIN),
                FieldLimits.map("used", sample.getUsed()));
        String problem = limit != null ? limit.message()
                : keyProblem(key, sample.getDomain(), sample.getResourceId(), "sample");
        if (problem != null) {
            throw new IllegalArgumentException("Sample of " + FieldLimits.bounded(sample.getResourceId())
                    + " refused: " + problem);
        }
        if (!sample.getWindowEnd().isAfter(sample.getWindowStart())) {
            throw new IllegalArgumentException("Sample of " + sample.getResourceId() + " has windowEnd "
                    + sample.getWindowEnd() + " not after windowStart " + sample.getWindowStart());
        }
        if (stores.resource(sample.getDomain(), sample.getResourceId()) == null) {
            // Not bad input: the resource may simply not have reached this task yet (its topic is read apart).
            if (!stores.pending().park(sample, settings.maxPendingSamples())) {
                throw new IllegalArgumentException("Sample for unknown resource " + sample.getResourceId()
                        + " in domain " + sample.getDomain() + " refused: " + settings.maxPendingSamples()
                        + " samples already wait for their resources (" + Settings.MAX_PENDING_SAMPLES + ")");
            }
            LOG.debug("Sample of {} in {} waits for its resource", sample.getResourceId(), sample.getDomain());
            return Output.NOTHING;
        }
        return apply(sample, time);
    }

    /** Books a valid sample of a resource in the catalogue. */
    private Output apply(ResourceSample sample, long time) {
        String domain = sample.getDomain();
        String resourceId = sample.getResourceId();
        boolean wasDown = stores.isDown(domain, resourceId);
        if (!sample.getUp()) {
            if (wasDown) {
                return Output.NOTHING;
            }
            stores.markDown(sample);
            LOG.info("Resource {} in {} reported down at {}", resourceId, domain, sample.getWindowStart());
            return Output.notify(resourceLost(sample, time));
        }
        if (wasDown) {
            stores.markUp(domain, resourceId);
            LOG.info("Resource {} in {} is up again", resourceId, domain);
        }
        stores.putBackground(sample);
        return Output.NOTHING;
    }

    /** The holders of reservations on the sample's resource that end after it went down: from the index, no scan. */
    private List<Notification> resourceLost(ResourceSample sample, long time) {
        List<Notification> lost = new ArrayList<>();
        for (ReservationDecision d : stores.active().holders(sample.getDomain(), sample.getResourceId(),
                sample.getWindowStart().toEpochMilli())) {
            lost.add(Decisions.lifecycle(d, NotificationKind.RESOURCE_LOST, "resource " + sample.getResourceId()
                            + " of your reservation went down at " + sample.getWindowStart(), stores.emailOf(d),
                    List.of(sample.getResourceId()), time));
        }
        return lost;
    }

    /**
     * Why a record's key does not route it with its domain, or null: the key's domain part must be the record's
     * domain (else it reached the partition of another domain), and an id part, if any, the record's id.
     */
    private static String keyProblem(String key, String domain, String id, String what) {
        String keyDomain = DomainKey.domainOf(key);
        if (!domain.equals(keyDomain)) {
            return "the record is keyed " + (key == null ? "by nothing" : "'" + FieldLimits.bounded(key) + "'")
                    + ", not by its domain '" + domain + "': a " + what + " must be keyed domain<U+001F>id (or by its "
                    + "domain) to reach the task that holds the domain's books";
        }
        String keyId = DomainKey.idOf(key);
        if (keyId != null && !keyId.equals(id)) {
            return "the record is keyed for id '" + FieldLimits.bounded(keyId) + "', not its own id: on a compacted"
                    + " topic it would replace another " + what + "'s record";
        }
        return null;
    }
}
