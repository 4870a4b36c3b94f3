package io.coreserve.evaluation.collective;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.coreserve.engine.allocation.Algorithm;
import io.coreserve.evaluation.collective.EvaluationReport.Grade;
import io.coreserve.evaluation.collective.EvaluationReport.OracleComparison;
import io.coreserve.evaluation.collective.EvaluationReport.PerN;
import io.coreserve.evaluation.collective.EvaluationReport.Variant;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The evaluation as JSON. The top-level {@code perN}, {@code totals}, {@code oracleN5} (scope "all"),
 * {@code oracleN5Candidates} and {@code searchTimeN5} are those of the first variant run (PAPER when it ran);
 * {@code algorithms} holds the same for every variant by name. NaN (nothing to average) is written as null.
 */
public final class JsonReport {

    private JsonReport() {
    }

    public static void write(EvaluationReport report, Path file) throws IOException {
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), toMap(report));
    }

    public static Map<String, Object> toMap(EvaluationReport report) {
        EvaluationOptions o = report.options();
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("nodes", report.nodes());
        root.put("seed", o.seed());
        root.put("casesPerN", o.cases());
        root.put("nodesFrom", o.nodeSource().name().toLowerCase(Locale.ROOT));
        root.put("occupancy", o.occupancy().name().toLowerCase(Locale.ROOT));
        root.put("loadScale", o.loadScale());
        root.put("opteronFraction", o.opteronFraction());
        root.put("skippedFiles", report.skippedFiles());
        root.put("seconds", report.seconds());
        if (!report.variants().isEmpty()) {
            Map<String, Object> first = variant(report.variants().get(0));
            root.put("algorithm", first.get("algorithm"));
            first.forEach((k, v) -> {
                if (!k.equals("algorithm")) {
                    root.put(k, v);
                }
            });
        }
        Map<String, Object> algorithms = new LinkedHashMap<>();
        for (Variant v : report.variants()) {
            algorithms.put(v.algorithm().name().toLowerCase(Locale.ROOT), variant(v));
        }
        root.put("algorithms", algorithms);
        return root;
    }

    private static Map<String, Object> variant(Variant v) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("algorithm", v.algorithm().name().toLowerCase(Locale.ROOT));
        List<Object> perN = new ArrayList<>();
        for (PerN row : v.perN()) {
            perN.add(perN(row));
        }
        out.put("perN", perN);
        Map<String, Object> totals = perN(v.totals());
        totals.remove("n");
        out.put("totals", totals);
        out.put("oracleN5", oracle(v.oracleAll()));
        out.put("oracleN5Candidates", oracle(v.oracleCandidates()));
        Map<String, Object> times = new LinkedHashMap<>();
        times.put("collectivePhasesOneToFiveMillis", stats(v.searchN5Total()));
        times.put("collectivePhasesTwoToFiveMillis", stats(v.searchN5PhasesTwoToFive()));
        times.put("simplePhasesTwoToFiveMillis", stats(v.simpleSearchN5PhasesTwoToFive()));
        out.put("searchTimeN5", times);
        List<Object> figure = new ArrayList<>();
        for (PerN row : v.perN()) {
            Map<String, Object> point = new LinkedHashMap<>();
            point.put("n", row.n());
            point.put("meanSimpleMillis", num(row.meanSimpleMillis()));
            point.put("meanCollectiveMillis", num(row.meanCollectiveMillis()));
            figure.add(point);
        }
        out.put("meanSearchTimeByN", figure);
        Map<String, Object> byN = new LinkedHashMap<>();
        for (PerN row : v.perN()) {
            EvaluationReport.SearchMillis t = row.collectiveMillis();
            Map<String, Object> summary = new LinkedHashMap<>();
            summary.put("mean", num(t.mean()));
            summary.put("p50", num(t.p50()));
            summary.put("p99", num(t.p99()));
            summary.put("max", num(t.max()));
            byN.put(Integer.toString(row.n()), summary);
        }
        // The collective requests' search (Phases I-V) per N, as the JSON shape asks.
        out.put("searchMillis", Map.of("n", byN));
        return out;
    }

    private static Map<String, Object> perN(PerN row) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("n", row.n());
        out.put("cases", row.cases());
        out.put("simpleSolved", row.simpleSolved());
        out.put("collectiveSolved", row.collectiveSolved());
        out.put("bothSolved", row.bothSolved());
        out.put("earlierStartCollective", row.earlierCollective());
        out.put("earlierStartSimple", row.earlierSimple());
        out.put("equalStart", row.equalStart());
        out.put("betterUtilisationSimple", row.betterUtilisationSimple());
        out.put("betterUtilisationCollective", row.betterUtilisationCollective());
        out.put("meanEarlierHours", num(row.meanEarlierHours()));
        out.put("meanSimpleMillis", num(row.meanSimpleMillis()));
        out.put("meanCollectiveMillis", num(row.meanCollectiveMillis()));
        return out;
    }

    private static Map<String, Object> oracle(OracleComparison o) {
        if (o == null) {
            return null;
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("scope", o.scope());
        out.put("cases", o.cases());
        out.put("oracleSolved", o.oracleSolved());
        out.put("startUnproven", o.startUnproven());
        out.put("utilisationUnproven", o.utilisationUnproven());
        out.put("meanOracleMillis", num(o.meanOracleMillis()));
        out.put("maxOracleMillis", num(o.maxOracleMillis()));
        Grade c = o.collective();
        out.put("collectiveSolved", c.solved());
        out.put("laterStart", c.laterStart());
        out.put("meanDelayHours", num(c.meanDelayHours()));
        out.put("equalStart", c.equalStart());
        out.put("meanUtilisationRatio", num(c.meanUtilisationRatio()));
        out.put("meanRatioToUpperBound", num(c.meanRatioToBound()));
        out.put("above99", c.above99());
        out.put("collective", grade(c));
        out.put("simple", o.simple() == null ? null : grade(o.simple()));
        return out;
    }

    private static Map<String, Object> grade(Grade g) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("solved", g.solved());
        out.put("solvedWithoutOracle", g.solvedWithoutOracle());
        out.put("earlierThanOracle", g.earlierThanOracle());
        out.put("laterStart", g.laterStart());
        out.put("meanDelayHours", num(g.meanDelayHours()));
        out.put("equalStart", g.equalStart());
        out.put("meanUtilisationRatio", num(g.meanUtilisationRatio()));
        out.put("minUtilisationRatio", num(g.minUtilisationRatio()));
        out.put("maxUtilisationRatio", num(g.maxUtilisationRatio()));
        out.put("meanRatioToUpperBound", num(g.meanRatioToBound()));
        out.put("above99", g.above99());
        return out;
    }

    private static Map<String, Object> stats(Stats s) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("count", s.count());
        out.put("min", num(s.min()));
        out.put("max", num(s.max()));
        out.put("mean", num(s.mean()));
        out.put("sd", num(s.sd()));
        return out;
    }

    private static Double num(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? null : value;
    }

    /** Algorithm names as the CLI spells them. */
    static List<Algorithm> algorithms(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "paper" -> List.of(Algorithm.PAPER);
            case "improved" -> List.of(Algorithm.IMPROVED);
            case "both" -> List.of(Algorithm.PAPER, Algorithm.IMPROVED);
            default -> throw new IllegalArgumentException("--algorithm must be paper, improved or both");
        };
    }
}
