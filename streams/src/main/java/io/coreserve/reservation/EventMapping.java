package io.coreserve.reservation;

import io.coreserve.engine.allocation.Assignment;
import io.coreserve.engine.allocation.Plan;
import io.coreserve.engine.allocation.SearchStats;
import io.coreserve.engine.model.PropertySchema;
import io.coreserve.engine.model.Quantity;
import io.coreserve.engine.model.Request;
import io.coreserve.events.AlgorithmStatistics;
import io.coreserve.events.Allocation;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.Resource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Between the Avro events on the topics and the engine's plain model. */
final class EventMapping {

    private EventMapping() {
    }

    /**
     * The engine's resource: capacities of the system's properties only (others are ignored), labels as
     * {@code name=value} strings, which is also how requests name their qualitative requirements.
     */
    static io.coreserve.engine.model.Resource toEngine(Resource resource, PropertySchema properties) {
        Map<String, Double> capacities = new LinkedHashMap<>();
        resource.getProperties().forEach((name, amount) -> {
            if (properties.indexOf(name) >= 0) {
                capacities.put(name, amount);
            }
        });
        return new io.coreserve.engine.model.Resource(resource.getId(), capacities, labels(resource.getLabels()));
    }

    /**
     * A resource record the books cannot take, or null when it is fine. Properties outside the system's list are
     * ignored (a catalogue may describe more than coreserve books).
     */
    static String problemWith(Resource resource, PropertySchema properties) {
        FieldLimits.Violation limit = FieldLimits.first(
                FieldLimits.required("id", resource.getId(), FieldLimits.MAX_ID),
                FieldLimits.required("domain", resource.getDomain(), FieldLimits.MAX_DOMAIN),
                FieldLimits.optional("cluster", resource.getCluster(), FieldLimits.MAX_DOMAIN),
                FieldLimits.map("properties", resource.getProperties()),
                FieldLimits.map("labels", resource.getLabels()));
        if (limit != null) {
            return limit.message();
        }
        // A link or storage resource is booked by every property it lists (its pool keeps its own), a node by the
        // system's properties only.
        boolean node = isNode(resource);
        for (Map.Entry<String, Double> e : resource.getProperties().entrySet()) {
            if ((!node || properties.indexOf(e.getKey()) >= 0)
                    && (e.getValue() == null || !Quantity.isValidAmount(e.getValue()))) {
                return "field properties." + e.getKey() + ": capacity must be a finite, non-negative number, was " + e.getValue();
            }
        }
        return null;
    }

    /**
     * Whether a catalogue record is a node (what collective requests choose from) rather than a network link or a
     * storage resource of SRL co-reservations ({@link io.coreserve.engine.srl.Inventories#isNode}).
     */
    static boolean isNode(Resource resource) {
        return io.coreserve.engine.srl.Inventories.isNode(new io.coreserve.engine.model.Resource(resource.getId(),
                Map.of(), labels(resource.getLabels())));
    }

    static Set<String> labels(Map<String, String> labels) {
        Set<String> result = new LinkedHashSet<>();
        labels.forEach((k, v) -> result.add(k + "=" + v));
        return result;
    }

    /** The engine's request; {@code notBefore} keeps the window out of the past (event time of the request). */
    static Request toEngine(CoAllocationRequest r, long notBefore) {
        Request.Builder b = Request.builder(r.getRequestId(), r.getUser())
                .submittedAt(Math.max(r.getSubmittedAt().toEpochMilli(), notBefore))
                .duration(r.getDurationMillis())
                .count(r.getResourceCount())
                .earliestStart(r.getEarliestStart() == null ? null : Math.max(r.getEarliestStart().toEpochMilli(), notBefore))
                .latestStart(r.getLatestStart() == null ? null : r.getLatestStart().toEpochMilli());
        r.getMinimums().forEach(b::perResource);
        r.getTotals().forEach(b::total);
        labels(r.getRequirements()).forEach(b::label);
        return b.build();
    }

    static List<Allocation> allocations(Plan plan, PropertySchema properties) {
        List<Allocation> result = new ArrayList<>();
        for (Assignment a : plan.assignments()) {
            Map<String, Double> amounts = new LinkedHashMap<>();
            for (int i = 0; i < properties.size(); i++) {
                amounts.put(properties.name(i), Quantity.toUnits(a.amounts()[i]));
            }
            result.add(Allocation.newBuilder().setResourceId(a.resourceId()).setAmounts(amounts).build());
        }
        return result;
    }

    /**
     * The statistics of a plan; an EXACT plan adds {@code optimalityProven} (1: no N-set has a higher U~ at its
     * start, 0: the node budget ran out first) and {@code exactNodes} to the counts. A structured field for the
     * proof is left for a later schema version.
     */
    static AlgorithmStatistics statistics(String algorithm, Plan plan) {
        AlgorithmStatistics statistics = statistics(algorithm, plan.stats());
        if (plan.optimality() != null) {
            statistics.getCounts().put("optimalityProven", plan.optimality().proven() ? 1L : 0L);
            statistics.getCounts().put("exactNodes", plan.optimality().nodes());
        }
        return statistics;
    }

    static AlgorithmStatistics statistics(String algorithm, SearchStats s) {
        Map<String, Long> nanos = new LinkedHashMap<>();
        nanos.put("I", s.discoveryNanos());
        nanos.put("II", s.examinationNanos());
        nanos.put("III", s.startTimesNanos());
        nanos.put("IV", s.selectionNanos());
        nanos.put("V", s.optimisationNanos());
        nanos.put("total", s.totalNanos());
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("startTimesTried", (long) s.startTimesTried());
        counts.put("swapsTried", s.swapsTried());
        counts.put("swapsMade", s.swapsMade());
        counts.put("optimisationTried", s.optimisationTried());
        counts.put("optimisationMade", s.optimisationMade());
        return AlgorithmStatistics.newBuilder()
                .setAlgorithm(algorithm)
                .setPasses(s.passes())
                .setCandidates(s.candidates())
                .setStartTimeCandidates(s.startTimeCandidates())
                .setPhaseNanos(nanos)
                .setCounts(counts)
                .build();
    }
}
