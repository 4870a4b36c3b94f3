package io.coreserve.engine.exact;

import io.coreserve.engine.catalogue.ResourceCatalogue;
import io.coreserve.engine.timetable.TimetableView;
import java.util.Arrays;

/**
 * The exact optimum of a collective request in a given state, to grade the heuristic of seed paper 000 with.
 *
 * <p>Definition (section 2): the optimal admissible solution has the earliest start time t_s in [t_e, t_l] at
 * which N matching resources (labels, p_ij >= e_i) exist with a_ij^t >= e_i each and sum_j a_ij^t >= d_i for
 * every property i, a_ij^t = p_ij - max_{[t, t + t_res)} T_ij; among the admissible sets at t_s it maximises
 * U~ = prod_i (d_i + sum_j T_ij^t) / sum_j p_ij, the worst-case utilisation factor after placing the job
 * (eq. (3)) that Phases IV and V optimise. (Admissibility is exactly u~_i <= 1 for all i.)
 *
 * <p>Start times: t_e and every time in (t_e, t_l] at which some in-scope matching resource's availability
 * increases. That is the Phase III construction over all in-scope resources without its A_j^s filter, and it
 * contains the earliest admissible start: if a set S is admissible at t and no member's availability
 * increases at t, then S is admissible slightly earlier too (the window loses a tail and gains a stretch that
 * is no more occupied), down to t_e or such an increase. They are tried in ascending order with the exact
 * feasibility search of {@link SubsetSearch#findFeasible}; at the first admissible one the exact branch and
 * bound of {@link BestSubsetSearch#maximise} finds the best U~.
 *
 * <p>All admissibility checks are in the engine's integer micro-units, exactly as the engine checks them.
 */
public final class ExactOracle {

    private final ResourceCatalogue catalogue;
    private final TimetableView timetables;
    private final long feasibilityBudget;
    private final long optimisationBudget;

    /**
     * @param feasibilityBudget  search nodes per start time for the feasibility search
     * @param optimisationBudget search nodes for the branch and bound at the earliest start time
     */
    public ExactOracle(ResourceCatalogue catalogue, TimetableView timetables, long feasibilityBudget,
            long optimisationBudget) {
        this.catalogue = catalogue;
        this.timetables = timetables;
        this.feasibilityBudget = feasibilityBudget;
        this.optimisationBudget = optimisationBudget;
    }

    /** Over all matching resources. */
    public OracleResult solve(OracleRequest request) {
        return solve(request, null, null);
    }

    /**
     * @param scope resource indexes to choose from ({@link Scope#CANDIDATES}), or null for all ({@link Scope#ALL})
     * @param hint  an admissible set at the earliest start (e.g. the heuristic's), to seed the incumbent; may
     *              be null or not admissible, then it is ignored
     */
    public OracleResult solve(OracleRequest request, int[] scope, int[] hint) {
        long begin = System.nanoTime();
        Scope kind = scope == null ? Scope.ALL : Scope.CANDIDATES;
        int p = catalogue.properties().size();
        int n = request.count();
        long[] e = request.perResource();
        long[] d = request.totals();
        int[] matching = matching(request, scope);
        long nodes = 0;
        if (matching.length < n) {
            return OracleResult.unsolved(kind, true, nodes, System.nanoTime() - begin);
        }
        long[] starts = startTimes(request, matching);
        Items items = new Items(p);
        long[] cap = new long[p];
        long[] res = new long[p];
        boolean startProven = true;
        for (long t : starts) {
            items.clear(matching.length);
            for (int resource : matching) {
                timetables.maxReserved(resource, t, t + request.duration(), res);
                boolean free = true;
                for (int i = 0; i < p && free; i++) {
                    cap[i] = catalogue.capacity(resource, i);
                    free = cap[i] - res[i] >= e[i];
                }
                if (free) {
                    items.add(resource, cap, res);
                }
            }
            Budget feasibility = new Budget(feasibilityBudget);
            int[] found = SubsetSearch.findFeasible(items, d, n, feasibility);
            nodes += feasibility.used();
            if (found == null) {
                startProven &= !feasibility.exhausted();
                continue;
            }
            int[] incumbent = found;
            int[] hinted = positionsOf(items, hint, n);
            if (hinted != null && !Double.isNaN(items.estimate(hinted, d))
                    && items.estimate(hinted, d) > items.estimate(found, d)) {
                incumbent = hinted;
            }
            Budget optimisation = new Budget(optimisationBudget);
            BestSubsetSearch.Best best = BestSubsetSearch.maximise(items, d, n, incumbent, optimisation);
            nodes += optimisation.used();
            int[] resources = new int[n];
            for (int k = 0; k < n; k++) {
                resources[k] = items.resource[best.positions()[k]];
            }
            Arrays.sort(resources);
            return new OracleResult(kind, true, t, best.value(), best.upperBound(), resources, startProven,
                    best.proven(), nodes, System.nanoTime() - begin);
        }
        return OracleResult.unsolved(kind, startProven, nodes, System.nanoTime() - begin);
    }

    /** In-scope resources with the request's labels and p_ij >= e_i (Phase I's matching rule), ascending. */
    private int[] matching(OracleRequest request, int[] scope) {
        int[] pool = scope != null ? scope.clone() : null;
        int size = pool != null ? pool.length : catalogue.size();
        int[] out = new int[size];
        int count = 0;
        for (int k = 0; k < size; k++) {
            int resource = pool != null ? pool[k] : k;
            boolean ok = catalogue.hasLabels(resource, request.labels());
            for (int i = 0; i < request.perResource().length && ok; i++) {
                ok = catalogue.capacity(resource, i) >= request.perResource()[i];
            }
            if (ok) {
                out[count++] = resource;
            }
        }
        int[] result = Arrays.copyOf(out, count);
        Arrays.sort(result);
        return result;
    }

    /** t_e and every availability increase of a matching resource in (t_e, t_l], ascending and distinct. */
    private long[] startTimes(OracleRequest request, int[] matching) {
        long[][] bag = {new long[64]};
        int[] size = {0};
        java.util.function.LongConsumer add = t -> {
            if (size[0] == bag[0].length) {
                bag[0] = Arrays.copyOf(bag[0], size[0] * 2);
            }
            bag[0][size[0]++] = t;
        };
        add.accept(request.earliest());
        for (int resource : matching) {
            timetables.forEachAvailabilityIncrease(resource, request.earliest(), request.latest(), add);
        }
        long[] all = Arrays.copyOf(bag[0], size[0]);
        Arrays.sort(all);
        return Arrays.stream(all).distinct().toArray();
    }

    private static int[] positionsOf(Items items, int[] resources, int n) {
        if (resources == null || resources.length != n) {
            return null;
        }
        int[] positions = new int[n];
        for (int k = 0; k < n; k++) {
            int at = -1;
            for (int m = 0; m < items.size && at < 0; m++) {
                if (items.resource[m] == resources[k]) {
                    at = m;
                }
            }
            if (at < 0) {
                return null;
            }
            positions[k] = at;
        }
        return positions;
    }
}
