package io.coreserve.engine.srl;

import io.coreserve.engine.srl.CoReservationModel.Conflict;
import io.coreserve.engine.srl.CoReservationModel.Identity;
import io.coreserve.engine.srl.CoReservationModel.IdentityRelation;
import io.coreserve.engine.srl.CoReservationModel.Linear;
import io.coreserve.engine.srl.CoReservationModel.Offset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Depth-first enumeration of plans over the parts in a fixed order, shared by the {@link EnumerationOracle} and
 * the {@link AnchorTimeSearch} (spec 4.5 step 8). Each constraint is checked at the depth where its last part is
 * placed; equalities with parts already placed are propagated by looking the next part's candidates up by the
 * values they must have (its start and the identities it must share), so a link part costs one look-up instead of
 * a scan of all n^2 links. Branches whose objective bound cannot beat the best plan are cut.
 */
final class DepthFirstPlans {

    /** How the candidates of the part at one depth are looked up from the parts placed before it. */
    private static final class Lookup {
        /** The offset that fixes the part's start from an earlier part, or null. */
        Offset startFrom;
        boolean byStart;
        /** Identity equalities with earlier parts: own attribute, earlier part, its attribute. */
        final List<Object[]> sameAs = new ArrayList<>();
        Map<Key, int[]> index;
    }

    private record Key(long[] values) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(k.values, values);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values);
        }
    }

    final CoReservationModel model;
    final int[] order;
    private final int[] position;
    private final List<List<Offset>> offsetsAt = new ArrayList<>();
    private final List<List<IdentityRelation>> identitiesAt = new ArrayList<>();
    private final List<List<Linear>> linearAt = new ArrayList<>();
    private final Map<Long, List<int[]>> conflictsOf = new HashMap<>();
    private final Lookup[] lookups;
    private final boolean sortByObjective;

    final int[] choice;
    long best = Long.MAX_VALUE;
    int[] bestChoice;
    long nodes;
    private final long nodeLimit;
    boolean limitHit;

    /**
     * @param startsKnown      true when the caller fixes every part's start (the anchor search); starts then join
     *                         every look-up key and no offset is needed for it
     * @param sortByObjective  visit the cheapest candidates first (finds good plans early; the bound cuts more)
     */
    DepthFirstPlans(CoReservationModel model, int[] order, boolean startsKnown, boolean sortByObjective,
            long nodeLimit) {
        this.model = model;
        this.order = order;
        this.sortByObjective = sortByObjective;
        this.nodeLimit = nodeLimit;
        int n = model.parts();
        this.position = new int[n];
        for (int k = 0; k < n; k++) {
            position[order[k]] = k;
            offsetsAt.add(new ArrayList<>());
            identitiesAt.add(new ArrayList<>());
            linearAt.add(new ArrayList<>());
        }
        this.choice = new int[n];
        this.lookups = new Lookup[n];
        for (int k = 0; k < n; k++) {
            lookups[k] = new Lookup();
        }
        for (Offset o : model.offsets()) {
            int k = Math.max(position[o.a()], position[o.b()]);
            offsetsAt.get(k).add(o);
            if (!startsKnown && lookups[k].startFrom == null) {
                lookups[k].startFrom = o;
            }
        }
        for (IdentityRelation r : model.identityRelations()) {
            int k = Math.max(position[r.a()], position[r.b()]);
            identitiesAt.get(k).add(r);
            if (r.equal() && r.a() != r.b()) {
                boolean aLater = position[r.a()] == k;
                lookups[k].sameAs.add(aLater
                        ? new Object[] {r.attributeA(), r.b(), r.attributeB()}
                        : new Object[] {r.attributeB(), r.a(), r.attributeA()});
            }
        }
        for (Linear l : model.linear()) {
            int k = 0;
            for (int p = 0; p < n; p++) {
                if (l.coefficients()[p] != null) {
                    k = Math.max(k, position[p]);
                }
            }
            linearAt.get(k).add(l);
        }
        for (Conflict x : model.conflicts()) {
            boolean pLater = position[x.p()] > position[x.q()];
            int later = pLater ? x.p() : x.q();
            int laterCandidate = pLater ? x.c() : x.d();
            int[] earlier = pLater ? new int[] {x.q(), x.d()} : new int[] {x.p(), x.c()};
            conflictsOf.computeIfAbsent(key(later, laterCandidate), k -> new ArrayList<>()).add(earlier);
        }
        for (int k = 0; k < n; k++) {
            buildIndex(k, startsKnown);
        }
    }

    /** A good order: each next part shares the most equalities with the parts already placed (then fewer candidates). */
    static int[] order(CoReservationModel model, int first) {
        int n = model.parts();
        int[] order = new int[n];
        boolean[] placed = new boolean[n];
        order[0] = first;
        placed[first] = true;
        for (int k = 1; k < n; k++) {
            int bestPart = -1;
            int bestLinks = -1;
            for (int p = 0; p < n; p++) {
                if (placed[p]) {
                    continue;
                }
                int links = 0;
                for (Offset o : model.offsets()) {
                    links += (o.a() == p && placed[o.b()]) || (o.b() == p && placed[o.a()]) ? 1 : 0;
                }
                for (IdentityRelation r : model.identityRelations()) {
                    links += r.equal() && ((r.a() == p && placed[r.b()]) || (r.b() == p && placed[r.a()])) ? 1 : 0;
                }
                if (links > bestLinks || (links == bestLinks && model.candidates(p) < model.candidates(bestPart))) {
                    bestPart = p;
                    bestLinks = links;
                }
            }
            order[k] = bestPart;
            placed[bestPart] = true;
        }
        return order;
    }

    private void buildIndex(int k, boolean startsKnown) {
        Lookup lookup = lookups[k];
        int p = order[k];
        boolean byStart = startsKnown || lookup.startFrom != null;
        if (!byStart && lookup.sameAs.isEmpty()) {
            return;
        }
        lookup.byStart = byStart;
        Map<Key, List<Integer>> lists = new HashMap<>();
        for (int c = 0; c < model.candidates(p); c++) {
            if (!model.isExcluded(p, c)) {
                lists.computeIfAbsent(ownKey(k, p, c, byStart), x -> new ArrayList<>()).add(c);
            }
        }
        lookup.index = new HashMap<>();
        lists.forEach((key, list) -> lookup.index.put(key, sorted(p, list.stream().mapToInt(Integer::intValue).toArray())));
    }

    private Key ownKey(int k, int p, int c, boolean byStart) {
        Lookup lookup = lookups[k];
        long[] v = new long[lookup.sameAs.size() + (byStart ? 1 : 0)];
        int i = 0;
        if (byStart) {
            v[i++] = model.begins(p)[c];
        }
        for (Object[] same : lookup.sameAs) {
            v[i++] = model.identities(p, (Identity) same[0])[c];
        }
        return new Key(v);
    }

    /**
     * The candidates of the part at depth k that agree with the placed parts' equalities, or null when the part
     * has no such link (then the caller supplies the list); {@code start} is the start the caller fixes, if any.
     */
    int[] candidatesAt(int k, long start) {
        Lookup lookup = lookups[k];
        if (lookup.index == null) {
            return null;
        }
        boolean byStart = lookup.byStart;
        long[] v = new long[lookup.sameAs.size() + (byStart ? 1 : 0)];
        int i = 0;
        if (byStart) {
            Offset o = lookup.startFrom;
            if (o == null) {
                v[i++] = start;
            } else if (o.b() == order[k]) {
                v[i++] = model.begins(o.a())[choice[o.a()]] + o.delta();
            } else {
                v[i++] = model.begins(o.b())[choice[o.b()]] - o.delta();
            }
        }
        for (Object[] same : lookup.sameAs) {
            int q = (Integer) same[1];
            v[i++] = model.identities(q, (Identity) same[2])[choice[q]];
        }
        int[] found = lookup.index.get(new Key(v));
        return found == null ? new int[0] : found;
    }

    /** Whether {@code index} exists for the depth, i.e. {@link #candidatesAt} answers. */
    boolean hasLookup(int k) {
        return lookups[k].index != null;
    }

    /** All candidates of a part that are not excluded, cheapest first when sorting. */
    int[] allCandidates(int p) {
        int[] all = java.util.stream.IntStream.range(0, model.candidates(p)).filter(c -> !model.isExcluded(p, c)).toArray();
        return sorted(p, all);
    }

    int[] sorted(int p, int[] candidates) {
        if (!sortByObjective) {
            return candidates;
        }
        long[] objective = model.objective(p);
        long lowest = Long.MAX_VALUE;
        long highest = Long.MIN_VALUE;
        for (int c : candidates) {
            lowest = Math.min(lowest, objective[c]);
            highest = Math.max(highest, objective[c]);
        }
        if (candidates.length == 0 || highest - lowest >= 1L << 40 || model.candidates(p) >= 1 << 23) {
            return Arrays.stream(candidates).boxed().sorted((x, y) -> objective[x] != objective[y]
                    ? Long.compare(objective[x], objective[y]) : Integer.compare(x, y)).mapToInt(Integer::intValue).toArray();
        }
        // Objective above the lowest in the high bits, the index in the low 23: one primitive sort, ties by index.
        long[] packed = new long[candidates.length];
        for (int i = 0; i < candidates.length; i++) {
            packed[i] = ((objective[candidates[i]] - lowest) << 23) | candidates[i];
        }
        Arrays.sort(packed);
        int[] out = new int[packed.length];
        for (int i = 0; i < packed.length; i++) {
            out[i] = (int) (packed[i] & ((1 << 23) - 1));
        }
        return out;
    }

    /** Whether the part at depth k, with {@code choice} filled up to k, meets every constraint closing at k. */
    boolean consistent(int k) {
        int p = order[k];
        int c = choice[p];
        if (model.isExcluded(p, c)) {
            return false;
        }
        for (Offset o : offsetsAt.get(k)) {
            if (model.begins(o.b())[choice[o.b()]] != model.begins(o.a())[choice[o.a()]] + o.delta()) {
                return false;
            }
        }
        for (IdentityRelation r : identitiesAt.get(k)) {
            boolean same = model.identities(r.a(), r.attributeA())[choice[r.a()]]
                    == model.identities(r.b(), r.attributeB())[choice[r.b()]];
            if (same != r.equal()) {
                return false;
            }
        }
        for (Linear l : linearAt.get(k)) {
            if (!l.relation().holds(CoReservationModel.linearValue(l, choice), l.bound())) {
                return false;
            }
        }
        List<int[]> conflicts = conflictsOf.get(key(p, c));
        if (conflicts != null) {
            for (int[] earlier : conflicts) {
                if (choice[earlier[0]] == earlier[1]) {
                    return false;
                }
            }
        }
        if (k == order.length - 1) {
            for (int[] noGood : model.noGoods()) {
                if (Arrays.equals(noGood, choice)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Searches depths k.. with a bound; {@code remainingBound[k]} is a lower bound of the parts from depth k on. */
    void search(int k, long partial, long[] remainingBound, int[] firstCandidates) {
        if (limitHit) {
            return;
        }
        if (k == order.length) {
            if (partial < best) {
                best = partial;
                bestChoice = choice.clone();
            }
            return;
        }
        int p = order[k];
        int[] list = k == 0 && firstCandidates != null ? firstCandidates : candidatesAt(k, startOf(k));
        if (list == null) {
            list = allCandidates(p);
        }
        long[] objective = model.objective(p);
        for (int c : list) {
            if (++nodes > nodeLimit) {
                limitHit = true;
                return;
            }
            long value = partial + objective[c];
            if (value + remainingBound[k + 1] >= best) {
                if (sortByObjective) {
                    return;
                }
                continue;
            }
            choice[p] = c;
            if (consistent(k)) {
                search(k + 1, value, remainingBound, firstCandidates);
            }
        }
    }

    /** The start the anchor search fixes for depth k ({@link AnchorTimeSearch} overrides through anchorStart). */
    long anchorStart;
    long[] startOffsets;

    private long startOf(int k) {
        return startOffsets == null ? 0 : anchorStart + startOffsets[order[k]];
    }

    private static long key(int p, int c) {
        return ((long) p << 32) | (c & 0xffffffffL);
    }
}
