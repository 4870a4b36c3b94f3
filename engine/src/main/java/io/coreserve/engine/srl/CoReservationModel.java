package io.coreserve.engine.srl;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The solver-neutral 0/1 problem of paper section 5 (Listing 1): per part its reservation candidates (resource,
 * start) with their metrics, the constraints between parts, and an integer objective coefficient per candidate.
 * Variable {@code x[p][c]} is 1 iff part p takes its candidate c; exactly one per part.
 *
 * <p>Constraints come in the forms the encodings treat differently (spec 4.5 step 3): start offsets
 * ({@code begin_b = begin_a + delta}, Listing 1's temp1-temp4), identity relations ({@code res(a) == src(n)},
 * spat1-spat4, and {@code !=}), general linear ones ({@code Σ coef x op bound}, e.g. the cost cap), pairwise
 * conflicts of parts that would overcommit a shared resource (step 4), and no-goods of plans that could not be
 * booked (step 7). Arrays are shared, not copied: do not change them.
 */
public final class CoReservationModel {

    /** An identity attribute of a candidate. */
    public enum Identity { RESOURCE, SRC, DST }

    /** {@code begin[b] = begin[a] + delta}. */
    public record Offset(int a, int b, long delta) {
    }

    /** {@code identity(a) == identity(b)} ({@code equal}) or {@code !=}. */
    public record IdentityRelation(int a, Identity attributeA, int b, Identity attributeB, boolean equal) {
    }

    /** {@code Σ_p Σ_c coefficients[p][c] x[p][c] relation bound}; a null row: the part is not involved. */
    public record Linear(String field, long[][] coefficients, Relation relation, long bound) {
    }

    /** Candidates {@code c} of part {@code p} and {@code d} of part {@code q} cannot both be chosen. */
    public record Conflict(int p, int c, int q, int d) {
    }

    private final String[] partIds;
    private final int[][] resource;
    private final int[][] src;
    private final int[][] dst;
    private final long[][] begin;
    private final long[][] objective;
    private final List<Offset> offsets;
    private final List<IdentityRelation> identities;
    private final List<Linear> linear;
    private final List<Conflict> conflicts;
    private final Set<Long> excluded;
    private final List<int[]> noGoods;

    public CoReservationModel(String[] partIds, int[][] resource, int[][] src, int[][] dst, long[][] begin,
            long[][] objective, List<Offset> offsets, List<IdentityRelation> identities, List<Linear> linear,
            List<Conflict> conflicts) {
        this(partIds, resource, src, dst, begin, objective, offsets, identities, linear, conflicts, Set.of(),
                List.of());
    }

    private CoReservationModel(String[] partIds, int[][] resource, int[][] src, int[][] dst, long[][] begin,
            long[][] objective, List<Offset> offsets, List<IdentityRelation> identities, List<Linear> linear,
            List<Conflict> conflicts, Set<Long> excluded, List<int[]> noGoods) {
        this.partIds = partIds;
        this.resource = resource;
        this.src = src;
        this.dst = dst;
        this.begin = begin;
        this.objective = objective;
        this.offsets = List.copyOf(offsets);
        this.identities = List.copyOf(identities);
        this.linear = List.copyOf(linear);
        this.conflicts = List.copyOf(conflicts);
        this.excluded = Set.copyOf(excluded);
        this.noGoods = List.copyOf(noGoods);
    }

    /** The same model without candidate {@code c} of part {@code p} (it was gone at booking time, step 7). */
    public CoReservationModel excluding(int p, int c) {
        Set<Long> more = new HashSet<>(excluded);
        more.add(key(p, c));
        return new CoReservationModel(partIds, resource, src, dst, begin, objective, offsets, identities, linear,
                conflicts, more, noGoods);
    }

    /** The same model that may not choose {@code plan} again (a no-good cut, step 7). */
    public CoReservationModel forbidding(int[] plan) {
        List<int[]> more = new ArrayList<>(noGoods);
        more.add(plan.clone());
        return new CoReservationModel(partIds, resource, src, dst, begin, objective, offsets, identities, linear,
                conflicts, excluded, more);
    }

    public int parts() {
        return partIds.length;
    }

    public String partId(int p) {
        return partIds[p];
    }

    public int candidates(int p) {
        return begin[p].length;
    }

    /** Total number of 0/1 variables, the V(n, c) of the evaluation. */
    public long variables() {
        long v = 0;
        for (long[] b : begin) {
            v += b.length;
        }
        return v;
    }

    public long[] begins(int p) {
        return begin[p];
    }

    public long[] objective(int p) {
        return objective[p];
    }

    public int[] identities(int p, Identity attribute) {
        return switch (attribute) {
            case RESOURCE -> resource[p];
            case SRC -> src[p];
            case DST -> dst[p];
        };
    }

    public List<Offset> offsets() {
        return offsets;
    }

    public List<IdentityRelation> identityRelations() {
        return identities;
    }

    public List<Linear> linear() {
        return linear;
    }

    public List<Conflict> conflicts() {
        return conflicts;
    }

    public List<int[]> noGoods() {
        return noGoods;
    }

    public boolean isExcluded(int p, int c) {
        return !excluded.isEmpty() && excluded.contains(key(p, c));
    }

    public boolean hasExclusions() {
        return !excluded.isEmpty();
    }

    /** The objective of a complete plan. */
    public long objectiveOf(int[] choice) {
        long sum = 0;
        for (int p = 0; p < choice.length; p++) {
            sum += objective[p][choice[p]];
        }
        return sum;
    }

    /** Whether a complete plan meets every constraint (used to check any solver's answer). */
    public boolean satisfies(int[] choice) {
        for (int p = 0; p < choice.length; p++) {
            if (choice[p] < 0 || choice[p] >= candidates(p) || isExcluded(p, choice[p])) {
                return false;
            }
        }
        for (Offset o : offsets) {
            if (begin[o.b()][choice[o.b()]] != begin[o.a()][choice[o.a()]] + o.delta()) {
                return false;
            }
        }
        for (IdentityRelation r : identities) {
            boolean same = identities(r.a(), r.attributeA())[choice[r.a()]] == identities(r.b(), r.attributeB())[choice[r.b()]];
            if (same != r.equal()) {
                return false;
            }
        }
        for (Linear l : linear) {
            if (!l.relation().holds(linearValue(l, choice), l.bound())) {
                return false;
            }
        }
        for (Conflict x : conflicts) {
            if (choice[x.p()] == x.c() && choice[x.q()] == x.d()) {
                return false;
            }
        }
        for (int[] noGood : noGoods) {
            if (java.util.Arrays.equals(noGood, choice)) {
                return false;
            }
        }
        return true;
    }

    static long linearValue(Linear l, int[] choice) {
        long sum = 0;
        for (int p = 0; p < choice.length; p++) {
            if (l.coefficients()[p] != null) {
                sum += l.coefficients()[p][choice[p]];
            }
        }
        return sum;
    }

    private static long key(int p, int c) {
        return ((long) p << 32) | (c & 0xffffffffL);
    }
}
