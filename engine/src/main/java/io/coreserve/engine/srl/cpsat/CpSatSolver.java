package io.coreserve.engine.srl.cpsat;

import com.google.ortools.Loader;
import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.LinearExprBuilder;
import com.google.ortools.sat.Literal;
import io.coreserve.engine.srl.CoReservationModel;
import io.coreserve.engine.srl.CoReservationModel.IdentityRelation;
import io.coreserve.engine.srl.CoReservationModel.Linear;
import io.coreserve.engine.srl.CoReservationModel.Offset;
import io.coreserve.engine.srl.CoReservationSolver;
import io.coreserve.engine.srl.Solution;
import io.coreserve.engine.srl.SolverStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The OR-Tools CP-SAT adapter (spec 4.5 step 6): one 0/1 variable per candidate, exactly one per part, the model's
 * constraints, and the integer objective. Deterministic for replays: one worker, a fixed seed and a limit in
 * deterministic time, so the same model decides the same plan byte for byte. The only package that sees OR-Tools
 * (an ArchUnit rule keeps it so).
 *
 * <p>Two encodings of equalities: {@link Encoding#TIGHT} (spec 4.5 step 3) writes one equation per start or
 * identity value, {@code Σ x[a, v] = Σ x[b, v + delta]}, whose LP relaxation is far stronger; {@link Encoding#PAPER}
 * writes Listing 1's aggregated {@code Σ t x[a] + delta = Σ t x[b]} (temp1-temp4, with temp2 reading the start as
 * its text says) and {@code Σ i x[a] = Σ net[m, e] x[n]} (spat1-spat4), to rebuild the paper's experiment.
 */
public final class CpSatSolver implements CoReservationSolver {

    /** How equalities between parts are written. */
    public enum Encoding { TIGHT, PAPER }

    private static final class Native {
        static {
            Loader.loadNativeLibraries();
        }

        static void load() {
            // Class initialisation above loads the library once.
        }
    }

    private final Encoding encoding;
    private final double deterministicTime;
    private final double wallSeconds;
    private final int seed;

    /**
     * @param deterministicTime CP-SAT's deterministic time limit (a replay decides the same)
     * @param wallSeconds       an additional wall-clock limit for evaluations, 0 for none (not replay-safe)
     */
    public CpSatSolver(Encoding encoding, double deterministicTime, double wallSeconds, int seed) {
        this.encoding = encoding;
        this.deterministicTime = deterministicTime;
        this.wallSeconds = wallSeconds;
        this.seed = seed;
    }

    /** The pipeline's solver: tight encoding, {@code coreserve.srl.solver.deterministic-time}, seed 1, no wall limit. */
    public static CpSatSolver forDecisions(io.coreserve.engine.srl.SrlConfig config) {
        return new CpSatSolver(Encoding.TIGHT, config.deterministicTime(), 0, 1);
    }

    @Override
    public String name() {
        return encoding == Encoding.TIGHT ? "cpsat-tight" : "cpsat-paper";
    }

    @Override
    public Solution solve(CoReservationModel model) {
        Native.load();
        long started = System.nanoTime();
        CpModel cp = new CpModel();
        int n = model.parts();
        BoolVar[][] x = new BoolVar[n][];
        for (int p = 0; p < n; p++) {
            x[p] = new BoolVar[model.candidates(p)];
            List<Literal> once = new ArrayList<>();
            for (int c = 0; c < x[p].length; c++) {
                if (!model.isExcluded(p, c)) {
                    x[p][c] = cp.newBoolVar("x" + p + "_" + c);
                    once.add(x[p][c]);
                }
            }
            if (once.isEmpty()) {
                return Solution.without(SolverStatus.INFEASIBLE, name(), System.nanoTime() - started, 0);
            }
            cp.addExactlyOne(once);
        }
        for (Offset o : model.offsets()) {
            if (encoding == Encoding.TIGHT) {
                equalPerValue(cp, x, o.a(), model.begins(o.a()), 0, o.b(), model.begins(o.b()), o.delta());
            } else {
                aggregatedOffset(cp, x, model, o);
            }
        }
        for (IdentityRelation r : model.identityRelations()) {
            long[] a = longs(model.identities(r.a(), r.attributeA()));
            long[] b = longs(model.identities(r.b(), r.attributeB()));
            if (!r.equal()) {
                atMostOnePerValue(cp, x, r.a(), a, r.b(), b);
            } else if (encoding == Encoding.TIGHT) {
                equalPerValue(cp, x, r.a(), a, 0, r.b(), b, 0);
            } else {
                cp.addEquality(weighted(x[r.a()], a, 0), weighted(x[r.b()], b, 0));
            }
        }
        for (Linear l : model.linear()) {
            LinearExprBuilder sum = LinearExpr.newBuilder();
            for (int p = 0; p < n; p++) {
                if (l.coefficients()[p] != null) {
                    addTerms(sum, x[p], l.coefficients()[p], 0);
                }
            }
            switch (l.relation()) {
                case LT -> cp.addLessOrEqual(sum, l.bound() - 1);
                case LE -> cp.addLessOrEqual(sum, l.bound());
                case EQ -> cp.addEquality(sum, l.bound());
                case NE -> cp.addDifferent(sum, l.bound());
                case GE -> cp.addGreaterOrEqual(sum, l.bound());
                case GT -> cp.addGreaterOrEqual(sum, l.bound() + 1);
            }
        }
        for (CoReservationModel.Conflict k : model.conflicts()) {
            BoolVar a = x[k.p()][k.c()];
            BoolVar b = x[k.q()][k.d()];
            if (a != null && b != null) {
                cp.addBoolOr(new Literal[] {a.not(), b.not()});
            }
        }
        for (int[] plan : model.noGoods()) {
            List<Literal> notAll = new ArrayList<>();
            for (int p = 0; p < n; p++) {
                if (x[p][plan[p]] != null) {
                    notAll.add(x[p][plan[p]].not());
                }
            }
            cp.addBoolOr(notAll);
        }
        LinearExprBuilder objective = LinearExpr.newBuilder();
        for (int p = 0; p < n; p++) {
            addTerms(objective, x[p], model.objective(p), 0);
        }
        cp.minimize(objective);

        CpSolver solver = new CpSolver();
        solver.getParameters().setNumWorkers(1).setRandomSeed(seed).setMaxDeterministicTime(deterministicTime);
        if (wallSeconds > 0) {
            solver.getParameters().setMaxTimeInSeconds(wallSeconds);
        }
        CpSolverStatus status = solver.solve(cp);
        long nanos = System.nanoTime() - started;
        SolverStatus mapped = switch (status) {
            case OPTIMAL -> SolverStatus.OPTIMAL;
            case FEASIBLE -> SolverStatus.FEASIBLE;
            case INFEASIBLE -> SolverStatus.INFEASIBLE;
            case UNKNOWN -> SolverStatus.LIMIT;
            default -> throw new IllegalStateException("CP-SAT refused the model: " + status + " "
                    + cp.validate());
        };
        if (!mapped.hasPlan()) {
            return Solution.without(mapped, name(), nanos, solver.numBranches());
        }
        int[] choice = new int[n];
        for (int p = 0; p < n; p++) {
            choice[p] = -1;
            for (int c = 0; c < x[p].length; c++) {
                if (x[p][c] != null && solver.booleanValue(x[p][c])) {
                    choice[p] = c;
                }
            }
        }
        return new Solution(mapped, choice, model.objectiveOf(choice), name(), nanos, solver.numBranches());
    }

    /** Tight: for every value v, Σ x[a] with value v equals Σ x[b] with value v + delta (a side may be empty). */
    private static void equalPerValue(CpModel cp, BoolVar[][] x, int a, long[] valuesA, long shiftA, int b,
            long[] valuesB, long delta) {
        Map<Long, LinearExprBuilder> sides = new TreeMap<>();
        for (int c = 0; c < valuesA.length; c++) {
            if (x[a][c] != null) {
                sides.computeIfAbsent(valuesA[c] + delta, v -> LinearExpr.newBuilder()).addTerm(x[a][c], 1);
            }
        }
        for (int c = 0; c < valuesB.length; c++) {
            if (x[b][c] != null) {
                sides.computeIfAbsent(valuesB[c], v -> LinearExpr.newBuilder()).addTerm(x[b][c], -1);
            }
        }
        sides.values().forEach(side -> cp.addEquality(side, 0));
    }

    /** {@code !=} on identities: for every value, at most one of the two parts takes it. */
    private static void atMostOnePerValue(CpModel cp, BoolVar[][] x, int a, long[] valuesA, int b, long[] valuesB) {
        Map<Long, List<Literal>> byValue = new TreeMap<>();
        for (int c = 0; c < valuesA.length; c++) {
            if (x[a][c] != null) {
                byValue.computeIfAbsent(valuesA[c], v -> new ArrayList<>()).add(x[a][c]);
            }
        }
        Map<Long, List<Literal>> other = new TreeMap<>();
        for (int c = 0; c < valuesB.length; c++) {
            if (x[b][c] != null) {
                other.computeIfAbsent(valuesB[c], v -> new ArrayList<>()).add(x[b][c]);
            }
        }
        byValue.forEach((v, literals) -> {
            List<Literal> both = other.get(v);
            if (both != null) {
                LinearExprBuilder sum = LinearExpr.newBuilder();
                literals.forEach(l -> sum.addTerm((BoolVar) l, 1));
                both.forEach(l -> sum.addTerm((BoolVar) l, 1));
                cp.addLessOrEqual(sum, 1);
            }
        });
    }

    /** Listing 1's aggregated form: Σ t x[a] + delta = Σ t x[b], times counted from the earliest start in seconds. */
    private static void aggregatedOffset(CpModel cp, BoolVar[][] x, CoReservationModel model, Offset o) {
        long origin = Long.MAX_VALUE;
        long unit = 1000;
        for (int p : new int[] {o.a(), o.b()}) {
            for (long t : model.begins(p)) {
                origin = Math.min(origin, t);
            }
        }
        for (int p : new int[] {o.a(), o.b()}) {
            for (long t : model.begins(p)) {
                unit = (t - origin) % unit == 0 ? unit : 1;
            }
        }
        unit = o.delta() % unit == 0 ? unit : 1;
        long[] a = relative(model.begins(o.a()), origin, unit);
        long[] b = relative(model.begins(o.b()), origin, unit);
        cp.addEquality(weighted(x[o.a()], a, o.delta() / unit), weighted(x[o.b()], b, 0));
    }

    private static long[] relative(long[] times, long origin, long unit) {
        long[] out = new long[times.length];
        for (int i = 0; i < times.length; i++) {
            out[i] = (times[i] - origin) / unit;
        }
        return out;
    }

    private static LinearExprBuilder weighted(BoolVar[] vars, long[] coefficients, long constant) {
        LinearExprBuilder sum = LinearExpr.newBuilder();
        addTerms(sum, vars, coefficients, constant);
        return sum;
    }

    private static void addTerms(LinearExprBuilder sum, BoolVar[] vars, long[] coefficients, long constant) {
        for (int c = 0; c < vars.length; c++) {
            if (vars[c] != null && coefficients[c] != 0) {
                sum.addTerm(vars[c], coefficients[c]);
            }
        }
        if (constant != 0) {
            sum.add(constant);
        }
    }

    private static long[] longs(int[] values) {
        long[] out = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i];
        }
        return out;
    }
}
