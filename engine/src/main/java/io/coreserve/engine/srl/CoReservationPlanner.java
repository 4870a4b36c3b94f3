package io.coreserve.engine.srl;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Grid Reservation Service's steps 1-8 for one SRL request (paper section 3) in one domain: parse, probe the
 * timetables for candidates, build the 0/1 model, solve it (the anchor-time search when start offsets tie every
 * part to one anchor, else the general solver, e.g. CP-SAT), book every part, and when a part cannot be booked,
 * exclude the candidate that is gone (or forbid the plan) and solve again, up to {@code bookingRetries} times.
 */
public final class CoReservationPlanner {

    private final SrlConfig config;
    private final SrlParser parser;
    private final CandidateGenerator generator;
    private final CoReservationSolver fast = new AnchorTimeSearch();
    private final CoReservationSolver general;

    /** @param general the solver for models the fast path does not fit (the CP-SAT adapter in the pipeline) */
    public CoReservationPlanner(SrlConfig config, CoReservationSolver general) {
        this.config = config;
        this.parser = new SrlParser(config.maxParts(), config.horizonMillis());
        this.generator = new CandidateGenerator(config);
        this.general = general;
    }

    /** Plans without booking (a probe). */
    public CoReservationDecision probe(String srl, long now, Inventory inventory) {
        return decide(srl, now, inventory, null);
    }

    /** Plans and books through {@code booker}. */
    public CoReservationDecision decide(String srl, long now, Inventory inventory, Booker booker) {
        long started = System.nanoTime();
        CoReservationRequest request;
        try {
            request = parser.parse(srl, now);
        } catch (SrlException e) {
            return CoReservationDecision.rejected(e.error(), null, null, Map.of(), List.of(), 0, List.of(),
                    System.nanoTime() - started);
        }
        Map<String, Integer> identities = new HashMap<>();
        List<PartCandidates> candidates = generator.generate(request, inventory, now, identities);
        Map<String, Integer> counts = new LinkedHashMap<>();
        List<String> capped = new ArrayList<>();
        for (int p = 0; p < candidates.size(); p++) {
            String id = request.parts().get(p).id();
            counts.put(id, candidates.get(p).size());
            if (candidates.get(p).capped()) {
                capped.add(id);
            }
        }
        for (int p = 0; p < candidates.size(); p++) {
            if (candidates.get(p).size() == 0) {
                SrlError none = new SrlError(ReasonCode.NO_CANDIDATES, request.parts().get(p).id(), "no-candidates", 0,
                        0, "no resource of the part's type, labels and amounts is free in its window");
                return CoReservationDecision.rejected(none, null, null, counts, capped, 0, request.warnings(),
                        System.nanoTime() - started);
            }
        }
        CoReservationModel model = ModelCompiler.compile(request, candidates,
                CandidateGenerator.conflicts(request, candidates, inventory), config.normalisation());
        CoReservationSolver solver = AnchorTimeSearch.applies(model) ? fast : general;
        int attempts = 0;
        long solveNanos = 0;
        while (attempts < Math.max(1, config.bookingRetries())) {
            attempts++;
            Solution solution = solver.solve(model);
            solveNanos += solution.nanos();
            if (!solution.status().hasPlan()) {
                ReasonCode code = solution.status() == SolverStatus.INFEASIBLE ? ReasonCode.INFEASIBLE
                        : ReasonCode.SOLVER_LIMIT;
                String message = code == ReasonCode.INFEASIBLE ? "no combination of candidates meets the constraints"
                        : "no plan found within the solver's limit";
                return CoReservationDecision.rejected(new SrlError(code, "request", code.name().toLowerCase(), 0, 0,
                        message), solution.status(), solver.name(), counts, capped, attempts, request.warnings(), solveNanos);
            }
            List<PartAllocation> plan = allocations(request, candidates, inventory, identities, solution.choice());
            Booker.Outcome outcome = booker == null ? Booker.Outcome.BOOKED : booker.book(plan);
            if (outcome.booked()) {
                return new CoReservationDecision(null, plan, solution.objective() / ModelCompiler.OBJECTIVE_SCALE,
                        solution.status(), solver.name(), counts, capped, attempts, request.warnings(), solveNanos);
            }
            int p = outcome.failedPart();
            model = outcome.gone() ? model.excluding(p, solution.choice()[p]) : model.forbidding(solution.choice());
        }
        SrlError refused = new SrlError(ReasonCode.NO_ADMISSIBLE_SET, "request", "booking-retries", 0, 0,
                "booking failed " + attempts + " times (coreserve.srl.booking-retries)");
        return CoReservationDecision.rejected(refused, null, solver.name(), counts, capped, attempts, request.warnings(),
                solveNanos);
    }

    private static List<PartAllocation> allocations(CoReservationRequest request, List<PartCandidates> candidates,
            Inventory inventory, Map<String, Integer> identities, int[] choice) {
        Map<Integer, String> names = new HashMap<>();
        identities.forEach((name, id) -> names.put(id, name));
        List<PartAllocation> plan = new ArrayList<>();
        for (int p = 0; p < choice.length; p++) {
            Part part = request.parts().get(p);
            PartCandidates c = candidates.get(p);
            int k = choice[p];
            ResourcePool pool = inventory.poolFor(part.type());
            plan.add(new PartAllocation(part.id(), part.type(), pool.catalogue().id(c.resource()[k]), c.resource()[k],
                    c.begin()[k], c.begin()[k] + part.duration(), part.amounts(), c.cost()[k] / 1000.0,
                    c.bandwidth()[k] / 1000.0, c.src()[k] < 0 ? null : names.get(c.src()[k]),
                    c.dst()[k] < 0 ? null : names.get(c.dst()[k])));
        }
        return plan;
    }
}
