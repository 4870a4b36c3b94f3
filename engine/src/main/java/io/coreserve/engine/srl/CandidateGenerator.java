package io.coreserve.engine.srl;

import io.coreserve.engine.model.Quantity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Reservation candidates from the live timetables (paper steps 2-3, spec section 5). For each part: the resources
 * of its pool with its type, its QOS labels and enough capacity; starts on the grid {@code est + k * grid} plus the
 * times at which a resource's availability increases, restricted to {@code [max(est, now), let - duration]}; kept
 * where the resource has the part's amounts free over the whole interval. Parts tied by start offsets share their
 * starts (offset alignment: {@code VIS = PCC + 4h} stays feasible on a grid that does not divide 4 h). At most
 * {@code maxCandidatesPerPart}: the earliest starts of each resource, round robin, and the part says it was capped.
 */
final class CandidateGenerator {

    private final SrlConfig config;

    CandidateGenerator(SrlConfig config) {
        this.config = config;
    }

    /** Candidates per part; {@code identities} interns resource ids into request-wide identities. */
    List<PartCandidates> generate(CoReservationRequest request, Inventory inventory, long now,
            Map<String, Integer> identities) {
        List<Part> parts = request.parts();
        long[] shift = new long[parts.size()];
        int[] group = ModelCompiler.offsetGroups(request, shift);
        Map<Integer, TreeSet<Long>> groupStarts = new HashMap<>();
        List<List<Integer>> eligible = new ArrayList<>();
        for (int p = 0; p < parts.size(); p++) {
            Part part = parts.get(p);
            ResourcePool pool = inventory.poolFor(part.type());
            List<Integer> resources = pool == null ? List.of() : eligible(part, pool);
            eligible.add(resources);
            TreeSet<Long> starts = groupStarts.computeIfAbsent(group[p], g -> new TreeSet<>());
            long from = Math.max(part.earliest(), now);
            for (long t = part.earliest(); t <= part.latestStart(); t += config.gridMillis()) {
                if (t >= from) {
                    starts.add(t - shift[p]);
                }
            }
            for (int r : resources) {
                final int partIndex = p;
                pool.timetables().forEachAvailabilityIncrease(r, from, part.latestStart(),
                        t -> starts.add(t - shift[partIndex]));
            }
        }
        List<PartCandidates> out = new ArrayList<>();
        for (int p = 0; p < parts.size(); p++) {
            Part part = parts.get(p);
            ResourcePool pool = inventory.poolFor(part.type());
            long from = Math.max(part.earliest(), now);
            List<Long> starts = new ArrayList<>();
            for (long anchor : groupStarts.get(group[p])) {
                long t = anchor + shift[p];
                if (t >= from && t <= part.latestStart()) {
                    starts.add(t);
                }
            }
            out.add(candidates(part, pool, eligible.get(p), starts, identities));
        }
        return out;
    }

    private List<Integer> eligible(Part part, ResourcePool pool) {
        List<Integer> out = new ArrayList<>();
        long[] amounts = amounts(part, pool);
        if (amounts == null) {
            return out;
        }
        for (int r = 0; r < pool.catalogue().size(); r++) {
            if (pool.type(r) != part.type()) {
                continue;
            }
            int resource = r;
            boolean matches = part.labels().entrySet().stream()
                    .allMatch(e -> e.getValue().equals(pool.label(resource, e.getKey())));
            for (int i = 0; matches && i < amounts.length; i++) {
                matches = pool.catalogue().capacity(r, i) >= amounts[i];
            }
            if (matches) {
                out.add(r);
            }
        }
        return out;
    }

    /** The part's amounts in the pool's property order (micro-units), or null when the pool lacks a property. */
    static long[] amounts(Part part, ResourcePool pool) {
        long[] amounts = new long[pool.catalogue().properties().size()];
        for (Map.Entry<String, Double> e : part.amounts().entrySet()) {
            int i = pool.catalogue().properties().indexOf(e.getKey());
            if (i < 0) {
                return null;
            }
            amounts[i] = Quantity.toMicrosAtLeast(e.getValue());
        }
        return amounts;
    }

    private PartCandidates candidates(Part part, ResourcePool pool, List<Integer> resources, List<Long> starts,
            Map<String, Integer> identities) {
        if (resources.isEmpty() || starts.isEmpty()) {
            return new PartCandidates(new int[0], new int[0], new int[0], new int[0], new long[0], new long[0],
                    new long[0], 0);
        }
        long[] amounts = amounts(part, pool);
        long[] reserved = new long[amounts.length];
        int bandwidthProperty = pool.catalogue().properties().indexOf(PartReader.NETBW);
        List<List<long[]>> perResource = new ArrayList<>();
        int found = 0;
        for (int r : resources) {
            List<long[]> kept = new ArrayList<>();
            for (long t : starts) {
                pool.timetables().maxReserved(r, t, t + part.duration(), reserved);
                boolean free = true;
                for (int i = 0; free && i < amounts.length; i++) {
                    free = pool.catalogue().capacity(r, i) - reserved[i] >= amounts[i];
                }
                if (free) {
                    long bandwidth = part.type() == PartType.NETWORK && bandwidthProperty >= 0
                            ? (pool.catalogue().capacity(r, bandwidthProperty) - reserved[bandwidthProperty]) / 1000
                            : 0;
                    kept.add(new long[] {r, t, cost(part, pool, r), bandwidth});
                }
            }
            found += kept.size();
            perResource.add(kept);
        }
        // The cap: earliest starts of every resource in turn.
        List<long[]> chosen = new ArrayList<>();
        for (int round = 0; chosen.size() < Math.min(found, config.maxCandidatesPerPart()); round++) {
            for (List<long[]> kept : perResource) {
                if (round < kept.size() && chosen.size() < config.maxCandidatesPerPart()) {
                    chosen.add(kept.get(round));
                }
            }
        }
        chosen.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        boolean link = part.type() == PartType.NETWORK;
        List<int[]> ids = new ArrayList<>();
        List<long[]> rows = new ArrayList<>();
        for (long[] c : chosen) {
            int r = (int) c[0];
            int identity = identities.computeIfAbsent(pool.catalogue().id(r), k -> identities.size());
            if (!link) {
                ids.add(new int[] {r, identity, -1, -1});
                rows.add(c);
                continue;
            }
            // A link is bidirectional: it can serve src=a, dst=b and src=b, dst=a.
            int a = identities.computeIfAbsent(String.valueOf(pool.label(r, "endpoint.a")), k -> identities.size());
            int b = identities.computeIfAbsent(String.valueOf(pool.label(r, "endpoint.b")), k -> identities.size());
            ids.add(new int[] {r, identity, a, b});
            rows.add(c);
            if (a != b) {
                ids.add(new int[] {r, identity, b, a});
                rows.add(c);
            }
        }
        int n = rows.size();
        int[] resource = new int[n];
        int[] identity = new int[n];
        int[] src = new int[n];
        int[] dst = new int[n];
        long[] begin = new long[n];
        long[] cost = new long[n];
        long[] bandwidth = new long[n];
        for (int i = 0; i < n; i++) {
            resource[i] = ids.get(i)[0];
            identity[i] = ids.get(i)[1];
            src[i] = ids.get(i)[2];
            dst[i] = ids.get(i)[3];
            begin[i] = rows.get(i)[1];
            cost[i] = rows.get(i)[2];
            bandwidth[i] = rows.get(i)[3];
        }
        return new PartCandidates(resource, identity, src, dst, begin, cost, bandwidth, found);
    }

    /** Spec 5: the fee {@code Σ amount_i * price_i * d / 3600}, prices from labels {@code price.<property>}, in thousandths. */
    private static long cost(Part part, ResourcePool pool, int resource) {
        double fee = 0;
        for (Map.Entry<String, Double> e : part.amounts().entrySet()) {
            String price = pool.label(resource, "price." + e.getKey());
            if (price != null) {
                try {
                    fee += e.getValue() * Double.parseDouble(price) * part.duration() / 3_600_000.0;
                } catch (NumberFormatException ignored) {
                    // An unreadable price label is no fee.
                }
            }
        }
        return SrlValues.milli(fee);
    }

    /**
     * Joint capacity (spec 4.5 step 4, a gap of the paper, which treats candidates as independent): two parts on the
     * same resource at overlapping times conflict when the resource cannot hold both amounts over the overlap. Pairs
     * only: three or more parts crowding one resource are caught at booking, which re-solves (steps 6-7).
     */
    static List<CoReservationModel.Conflict> conflicts(CoReservationRequest request, List<PartCandidates> candidates,
            Inventory inventory) {
        List<CoReservationModel.Conflict> out = new ArrayList<>();
        List<Part> parts = request.parts();
        for (int p = 0; p < parts.size(); p++) {
            for (int q = p + 1; q < parts.size(); q++) {
                ResourcePool pool = inventory.poolFor(parts.get(p).type());
                if (pool == null || pool != inventory.poolFor(parts.get(q).type())) {
                    continue;
                }
                long[] a = amounts(parts.get(p), pool);
                long[] b = amounts(parts.get(q), pool);
                long[] reserved = new long[a.length];
                PartCandidates cp = candidates.get(p);
                PartCandidates cq = candidates.get(q);
                for (int c = 0; c < cp.size(); c++) {
                    long endC = cp.begin()[c] + parts.get(p).duration();
                    for (int d = 0; d < cq.size(); d++) {
                        long endD = cq.begin()[d] + parts.get(q).duration();
                        if (cp.resource()[c] != cq.resource()[d] || cq.begin()[d] >= endC || cp.begin()[c] >= endD) {
                            continue;
                        }
                        int r = cp.resource()[c];
                        pool.timetables().maxReserved(r, Math.max(cp.begin()[c], cq.begin()[d]), Math.min(endC, endD),
                                reserved);
                        for (int i = 0; i < a.length; i++) {
                            if (pool.catalogue().capacity(r, i) - reserved[i] < a[i] + b[i]) {
                                out.add(new CoReservationModel.Conflict(p, c, q, d));
                                break;
                            }
                        }
                    }
                }
            }
        }
        return out;
    }
}
