package io.coreserve.engine.srl;

import io.coreserve.engine.srl.CoReservationModel.Identity;
import io.coreserve.engine.srl.CoReservationModel.IdentityRelation;
import io.coreserve.engine.srl.CoReservationModel.Linear;
import io.coreserve.engine.srl.CoReservationModel.Offset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Turns a request and its candidates into the solver-neutral {@link CoReservationModel} (spec 4.5): start
 * equalities with a constant offset become {@link Offset}s, identity comparisons {@link IdentityRelation}s, any other
 * constraint a {@link Linear} one over the candidates' metrics, and the weighted sub-objectives one integer
 * coefficient per candidate: {@code round(1e9 * Σ_k w_k * ±e_k(candidate) / scale_k)} (step 5), so every solver
 * minimises the same integers and their answers compare exactly.
 */
final class ModelCompiler {

    static final double OBJECTIVE_SCALE = 1e9;

    private ModelCompiler() {
    }

    /** The start offset a constraint states ({@code begin_b = begin_a + delta}), or null when it states another thing. */
    static Offset offsetOf(Constraint constraint, CoReservationRequest request) {
        Map<Ref, Long> terms = constraint.expression().terms();
        if (constraint.relation() != Relation.EQ || terms.size() != 2
                || !terms.keySet().stream().allMatch(Ref::isTime)) {
            return null;
        }
        Iterator<Map.Entry<Ref, Long>> it = terms.entrySet().iterator();
        Map.Entry<Ref, Long> first = it.next();
        Map.Entry<Ref, Long> second = it.next();
        if (first.getValue() + second.getValue() != 0 || Math.abs(first.getValue()) != 1) {
            return null;
        }
        Ref plus = first.getValue() == 1 ? first.getKey() : second.getKey();
        Ref minus = first.getValue() == 1 ? second.getKey() : first.getKey();
        int a = request.indexOf(plus.part());
        int b = request.indexOf(minus.part());
        if (a == b) {
            return null;
        }
        // plus - minus + k == 0: time(minus) = time(plus) + k, a time being begin or begin + duration.
        long delta = endShift(request, plus) - endShift(request, minus) + constraint.expression().constant();
        return new Offset(a, b, delta);
    }

    private static long endShift(CoReservationRequest request, Ref ref) {
        return ref.key().equals("end") ? request.parts().get(request.indexOf(ref.part())).duration() : 0;
    }

    /** Groups of parts tied by start offsets; {@code shift[p]} = start of p minus the start of its group's root. */
    static int[] offsetGroups(CoReservationRequest request, long[] shift) {
        int n = request.parts().size();
        int[] group = new int[n];
        for (int p = 0; p < n; p++) {
            group[p] = p;
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Constraint c : request.constraints()) {
                Offset o = offsetOf(c, request);
                if (o == null || group[o.a()] == group[o.b()]) {
                    continue;
                }
                // Move b's group under a's: every member m of b's group gets shift relative to a's root.
                int from = group[o.b()];
                long moveBy = shift[o.a()] + o.delta() - shift[o.b()];
                for (int m = 0; m < n; m++) {
                    if (group[m] == from) {
                        group[m] = group[o.a()];
                        shift[m] += moveBy;
                    }
                }
                changed = true;
            }
        }
        return group;
    }

    static CoReservationModel compile(CoReservationRequest request, List<PartCandidates> candidates,
            List<CoReservationModel.Conflict> conflicts, SrlConfig.Normalisation normalisation) {
        int n = request.parts().size();
        List<Offset> offsets = new ArrayList<>();
        List<IdentityRelation> identities = new ArrayList<>();
        List<Linear> linear = new ArrayList<>();
        for (Constraint c : request.constraints()) {
            Offset offset = offsetOf(c, request);
            if (offset != null) {
                offsets.add(offset);
            } else if (c.expression().terms().keySet().stream().anyMatch(Ref::isIdentity)) {
                Iterator<Ref> refs = c.expression().terms().keySet().iterator();
                Ref a = refs.next();
                Ref b = refs.next();
                identities.add(new IdentityRelation(request.indexOf(a.part()), identity(a), request.indexOf(b.part()),
                        identity(b), c.relation() == Relation.EQ));
            } else {
                long[][] rows = new long[n][];
                c.expression().terms().forEach((ref, coefficient) -> {
                    int p = request.indexOf(ref.part());
                    if (rows[p] == null) {
                        rows[p] = new long[candidates.get(p).size()];
                    }
                    for (int k = 0; k < rows[p].length; k++) {
                        rows[p][k] = Math.addExact(rows[p][k], Math.multiplyExact(coefficient,
                                metric(request, candidates, p, ref.key(), k, 0)));
                    }
                });
                linear.add(new Linear(c.field(), rows, c.relation(), -c.expression().constant()));
            }
        }
        String[] ids = new String[n];
        int[][] resource = new int[n][];
        int[][] src = new int[n][];
        int[][] dst = new int[n][];
        long[][] begin = new long[n][];
        for (int p = 0; p < n; p++) {
            ids[p] = request.parts().get(p).id();
            resource[p] = candidates.get(p).identity();
            src[p] = candidates.get(p).src();
            dst[p] = candidates.get(p).dst();
            begin[p] = candidates.get(p).begin();
        }
        return new CoReservationModel(ids, resource, src, dst, begin, objective(request, candidates, normalisation),
                offsets, identities, linear, conflicts);
    }

    /** Per candidate: Σ_k (w_k / Σw) * s_k * e_k(candidate) / scale_k, times 1e9, rounded. */
    private static long[][] objective(CoReservationRequest request, List<PartCandidates> candidates,
            SrlConfig.Normalisation normalisation) {
        int n = request.parts().size();
        double[][] sum = new double[n][];
        for (int p = 0; p < n; p++) {
            sum[p] = new double[candidates.get(p).size()];
        }
        long origin = request.parts().stream().mapToLong(Part::earliest).min().orElse(0);
        for (Objective objective : request.objectives()) {
            double[][] e = new double[n][];
            double lo = 0;
            double hi = 0;
            double largest = 0;
            for (int p = 0; p < n; p++) {
                e[p] = new double[candidates.get(p).size()];
                int part = p;
                objective.expression().terms().forEach((ref, coefficient) -> {
                    if (request.indexOf(ref.part()) == part) {
                        for (int k = 0; k < e[part].length; k++) {
                            e[part][k] += (double) coefficient * metric(request, candidates, part, ref.key(), k, origin);
                        }
                    }
                });
                double min = Double.MAX_VALUE;
                double max = -Double.MAX_VALUE;
                for (double v : e[p]) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
                if (e[p].length > 0) {
                    lo += min;
                    hi += max;
                    largest += Math.max(Math.abs(min), Math.abs(max));
                }
            }
            double scale = normalisation == SrlConfig.Normalisation.RANGE ? hi - lo : largest;
            if (scale <= 0) {
                continue;
            }
            double factor = objective.normalised() * (objective.minimise() ? 1 : -1) / scale;
            for (int p = 0; p < n; p++) {
                for (int k = 0; k < e[p].length; k++) {
                    sum[p][k] += factor * e[p][k];
                }
            }
        }
        long[][] coefficients = new long[n][];
        for (int p = 0; p < n; p++) {
            coefficients[p] = new long[sum[p].length];
            for (int k = 0; k < sum[p].length; k++) {
                coefficients[p][k] = Math.round(OBJECTIVE_SCALE * sum[p][k]);
            }
        }
        return coefficients;
    }

    /** An RVC metric of candidate k of part p, in milli-units; times counted from {@code origin}. */
    static long metric(CoReservationRequest request, List<PartCandidates> candidates, int p, String key, int k,
            long origin) {
        PartCandidates c = candidates.get(p);
        long duration = request.parts().get(p).duration();
        return switch (key) {
            case "begin" -> c.begin()[k] - origin;
            case "end" -> c.begin()[k] + duration - origin;
            case "duration" -> duration;
            case "cost" -> c.cost()[k];
            case "bandwidth" -> c.bandwidth()[k];
            default -> throw new IllegalArgumentException("not a metric: " + key);
        };
    }

    private static Identity identity(Ref ref) {
        return switch (ref.key()) {
            case "resource" -> Identity.RESOURCE;
            case "src" -> Identity.SRC;
            default -> Identity.DST;
        };
    }
}
