package io.coreserve.engine.srl;

import io.coreserve.engine.srl.CoReservationModel.Offset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The direct fast path for the common structure of co-reservations, where start offsets tie every part to one
 * anchor ({@code PCC.begin == IBM.begin}, {@code VIS.begin == IBM.begin + 4h}, ...; Listing 1's temp1-temp4).
 * Then one anchor start fixes every start, and the rest is a small problem over resources only. Anchor starts are
 * visited in the order of their lower bound (the sum of each part's cheapest candidate at its start), so the search
 * stops as soon as no remaining anchor can beat the best plan; within an anchor, cheapest candidates come first
 * and identities are propagated by look-up (spec Appendix A: this structure is 3-4 orders of magnitude faster to
 * enumerate than to hand to a generic solver). Exact: the answer is always proven optimal or proven infeasible.
 */
public final class AnchorTimeSearch implements CoReservationSolver {

    @Override
    public String name() {
        return "fast";
    }

    /** Whether start offsets connect every part to part 0 (the only structure this path solves). */
    public static boolean applies(CoReservationModel model) {
        return offsetsFromFirst(model) != null;
    }

    @Override
    public Solution solve(CoReservationModel model) {
        long started = System.nanoTime();
        long[] delta = offsetsFromFirst(model);
        if (delta == null) {
            throw new IllegalArgumentException("start offsets do not tie every part to one anchor");
        }
        int n = model.parts();
        if (!consistent(model, delta)) {
            return Solution.without(SolverStatus.INFEASIBLE, name(), System.nanoTime() - started, 0);
        }
        DepthFirstPlans plans = new DepthFirstPlans(model, DepthFirstPlans.order(model, 0), true, true, Long.MAX_VALUE);
        List<Map<Long, int[]>> byStart = new ArrayList<>();
        for (int p = 0; p < n; p++) {
            Map<Long, List<Integer>> lists = new HashMap<>();
            for (int c = 0; c < model.candidates(p); c++) {
                if (!model.isExcluded(p, c)) {
                    lists.computeIfAbsent(model.begins(p)[c], k -> new ArrayList<>()).add(c);
                }
            }
            Map<Long, int[]> sorted = new HashMap<>();
            int part = p;
            lists.forEach((start, list) -> sorted.put(start, plans.sorted(part, list.stream().mapToInt(Integer::intValue).toArray())));
            byStart.add(sorted);
        }
        // Anchor starts with a candidate for every part, and their lower bounds.
        List<long[]> anchors = new ArrayList<>();
        for (long t : byStart.get(0).keySet()) {
            long bound = 0;
            for (int p = 0; p < n && bound != Long.MAX_VALUE; p++) {
                int[] list = byStart.get(p).get(t + delta[p]);
                bound = list == null ? Long.MAX_VALUE : bound + model.objective(p)[list[0]];
            }
            if (bound != Long.MAX_VALUE) {
                anchors.add(new long[] {t, bound});
            }
        }
        anchors.sort(Comparator.<long[]>comparingLong(a -> a[1]).thenComparingLong(a -> a[0]));
        plans.startOffsets = delta;
        long[] remaining = new long[n + 1];
        for (long[] anchor : anchors) {
            if (anchor[1] >= plans.best) {
                break;
            }
            long t = anchor[0];
            for (int k = n - 1; k >= 0; k--) {
                int p = plans.order[k];
                remaining[k] = remaining[k + 1] + model.objective(p)[byStart.get(p).get(t + delta[p])[0]];
            }
            plans.anchorStart = t;
            plans.search(0, 0, remaining, byStart.get(plans.order[0]).get(t + delta[plans.order[0]]));
        }
        long nanos = System.nanoTime() - started;
        return plans.bestChoice == null
                ? Solution.without(SolverStatus.INFEASIBLE, name(), nanos, plans.nodes)
                : new Solution(SolverStatus.OPTIMAL, plans.bestChoice, plans.best, name(), nanos, plans.nodes);
    }

    /**
     * Each part's start offset from part 0 along the offset equalities (a breadth-first walk), or null when some
     * part is not connected to part 0 by them.
     */
    static long[] offsetsFromFirst(CoReservationModel model) {
        int n = model.parts();
        long[] delta = new long[n];
        boolean[] seen = new boolean[n];
        seen[0] = true;
        Deque<Integer> queue = new ArrayDeque<>(List.of(0));
        while (!queue.isEmpty()) {
            int p = queue.poll();
            for (Offset o : model.offsets()) {
                if (o.a() == p && !seen[o.b()]) {
                    delta[o.b()] = delta[p] + o.delta();
                    seen[o.b()] = true;
                    queue.add(o.b());
                } else if (o.b() == p && !seen[o.a()]) {
                    delta[o.a()] = delta[p] - o.delta();
                    seen[o.a()] = true;
                    queue.add(o.a());
                }
            }
        }
        for (boolean s : seen) {
            if (!s) {
                return null;
            }
        }
        return delta;
    }

    /** False when the offsets contradict one another around a cycle (then no plan exists). */
    private static boolean consistent(CoReservationModel model, long[] delta) {
        return model.offsets().stream().allMatch(o -> delta[o.b()] == delta[o.a()] + o.delta())
                && Arrays.stream(delta).noneMatch(d -> d == Long.MIN_VALUE);
    }
}
