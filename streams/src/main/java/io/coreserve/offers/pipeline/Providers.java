package io.coreserve.offers.pipeline;

import io.coreserve.offers.agent.Offer;
import io.coreserve.offers.agent.Slot;
import io.coreserve.events.TimeSlot;
import io.coreserve.offers.grid.Cluster;
import io.coreserve.offers.grid.Grid;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The providers of a grid as the protocol names them, and the translation between the pure model and the
 * events. Provider c of the pure model (its index in the grid) is the cluster named {@code grid.cluster(c).name()}
 * on the wire. The pure model counts whole seconds, the events epoch milliseconds; times sent to providers
 * are rounded up to a whole second so that nothing starts before it was asked to.
 */
final class Providers {

    private final Grid grid;
    private final Map<String, Integer> index = new HashMap<>();

    Providers(Grid grid) {
        this.grid = grid;
        for (int c = 0; c < grid.size(); c++) {
            index.put(grid.cluster(c).name(), c);
        }
    }

    int size() {
        return grid.size();
    }

    String id(int provider) {
        return grid.cluster(provider).name();
    }

    Cluster cluster(int provider) {
        return grid.cluster(provider);
    }

    /** The provider number c of an id, or -1 if the grid has no such provider. */
    int number(String providerId) {
        return index.getOrDefault(providerId, -1);
    }

    int totalProcessors() {
        return grid.totalProcessors();
    }

    static long seconds(Instant t) {
        return Math.floorDiv(t.toEpochMilli() + 999, 1000);
    }

    static long seconds(long millis) {
        return Math.floorDiv(millis + 999, 1000);
    }

    static Instant instant(long seconds) {
        return Instant.ofEpochSecond(seconds);
    }

    /** Algorithm 1's offer as an event: one time slot [s, s + D) of n processors per slot. */
    io.coreserve.events.Offer toEvent(Offer offer, String requestId, Instant createdAt) {
        List<TimeSlot> slots = new ArrayList<>(offer.slots().size());
        for (Slot s : offer.slots()) {
            slots.add(new TimeSlot(instant(s.start()), instant(s.finish()), (double) s.processors()));
        }
        String id = id(offer.provider());
        return io.coreserve.events.Offer.newBuilder().setProviderId(id).setRequestId(requestId)
                .setCluster(id).setSlots(slots).setCreatedAt(createdAt).setExpiresAt(null).build();
    }

    /** An offer event back in the pure model, for {@code OfferComposer}; slots numbered from 1 in their order. */
    Offer fromEvent(io.coreserve.events.Offer offer, long jobNumber) {
        int c = number(offer.getProviderId());
        List<Slot> slots = new ArrayList<>(offer.getSlots().size());
        int i = 1;
        for (TimeSlot t : offer.getSlots()) {
            long start = seconds(t.getStart());
            int processors = (int) Math.floor(t.getAmount());
            if (processors > 0) {
                slots.add(new Slot(c, i++, start, processors, seconds(t.getEnd()) - start));
            }
        }
        return new Offer(c, jobNumber, slots);
    }

    /**
     * The pure model numbers jobs; the protocol names them. The number is only carried along by the pure
     * classes (offers, reservations), never used to find anything, so a hash is enough.
     */
    static long jobNumber(String requestId) {
        return requestId.hashCode() & 0xffffffffL;
    }
}
