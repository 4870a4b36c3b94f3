package io.coreserve.evaluation.collective;

import io.coreserve.evaluation.collective.EvaluationReport.Grade;
import io.coreserve.evaluation.collective.EvaluationReport.OracleComparison;
import io.coreserve.evaluation.collective.EvaluationReport.PerN;
import io.coreserve.evaluation.collective.EvaluationReport.Variant;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.ToIntFunction;

/** Tables 2, 3 and 4 of seed paper 000 in Markdown, ours next to the paper's. */
final class MarkdownTables {

    /** Table 2 of the paper, per N = 2, 5, 10, 15, 30, 60, then the sum. */
    static final int[][] PAPER_TABLE2 = {
        {28, 27, 24, 19, 27, 21, 146},
        {49, 59, 56, 55, 54, 49, 322},
        {4, 7, 1, 7, 5, 2, 26},
        {24, 20, 23, 12, 22, 19, 120},
        {0, 2, 4, 5, 6, 4, 21},
        {7, 13, 15, 7, 16, 15, 73}};

    private MarkdownTables() {
    }

    static String render(EvaluationReport report) {
        StringBuilder out = new StringBuilder();
        for (Variant v : report.variants()) {
            table2(out, v);
            table3(out, v);
            table4(out, v);
        }
        return out.toString();
    }

    static void table2(StringBuilder out, Variant v) {
        out.append("\n### Table 2 (").append(name(v)).append("): collective vs simple, ").append(v.totals().cases())
                .append(" test cases\n\n");
        out.append("| Solutions found with |");
        for (PerN row : v.perN()) {
            out.append(' ').append(row.n()).append(" |");
        }
        out.append(" Σ | paper Σ |\n|---|");
        out.append("---:|".repeat(v.perN().size() + 2)).append('\n');
        boolean paperShape = v.perN().size() == 6;
        row(out, "Simple approach", v, PerN::simpleSolved, paperShape ? PAPER_TABLE2[0] : null);
        row(out, "Collective approach", v, PerN::collectiveSolved, paperShape ? PAPER_TABLE2[1] : null);
        row(out, "Earlier start with collective approach", v, PerN::earlierCollective,
                paperShape ? PAPER_TABLE2[2] : null);
        row(out, "Earlier start with simple approach", v, PerN::earlierSimple, null);
        row(out, "Equal start time", v, PerN::equalStart, paperShape ? PAPER_TABLE2[3] : null);
        row(out, "Better utilisation (simple approach)", v, PerN::betterUtilisationSimple,
                paperShape ? PAPER_TABLE2[4] : null);
        row(out, "Better utilisation (collective approach)", v, PerN::betterUtilisationCollective,
                paperShape ? PAPER_TABLE2[5] : null);
        out.append(String.format(Locale.ROOT, "%nCollective started earlier by %s h on average (paper: about 3 h)."
                + " Utilisation compared by U~ (eq. (3)) at equal start times.%n", fmt(v.totals().meanEarlierHours())));
    }

    private static void row(StringBuilder out, String label, Variant v, ToIntFunction<PerN> f, int[] paper) {
        out.append("| ").append(label).append(" |");
        for (PerN row : v.perN()) {
            out.append(' ').append(f.applyAsInt(row)).append(" |");
        }
        out.append(" **").append(f.applyAsInt(v.totals())).append("** | ")
                .append(paper == null ? "" : String.valueOf(paper[6])).append(" |\n");
    }

    static void table3(StringBuilder out, Variant v) {
        for (OracleComparison o : Arrays.asList(v.oracleAll(), v.oracleCandidates())) {
            if (o == null) { // --oracle-n 0
                continue;
            }
            out.append("\n### Table 3 (").append(name(v)).append(", oracle scope `").append(o.scope())
                    .append("`): heuristic vs the exact oracle, N = 5\n\n");
            out.append(String.format(Locale.ROOT, "Oracle: %d of %d cases solvable; earliest start not proven in %d;"
                    + " best U~ not proven optimal in %d (budget; there the best set found and a proven upper bound are"
                    + " used); oracle time mean %.0f ms, max %.0f ms.%n%n", o.oracleSolved(), o.cases(),
                    o.startUnproven(), o.utilisationUnproven(), o.meanOracleMillis(), o.maxOracleMillis()));
            out.append("| | Collective | Simple | paper: Collective | paper: Simple |\n|---|---:|---:|---:|---:|\n");
            Grade c = o.collective();
            Grade s = o.simple();
            out.append("| Solution found (oracle: ").append(o.oracleSolved()).append(", paper's brute force: 59) | ")
                    .append(c.solved()).append(" | ").append(s == null ? "–" : s.solved()).append(" | 59 | 27 |\n");
            out.append("| Solved where the oracle found nothing (must be 0) | ").append(c.solvedWithoutOracle())
                    .append(" | ").append(s == null ? "–" : s.solvedWithoutOracle()).append(" | | |\n");
            out.append("| Suboptimal (later) start / average delay [h] | ").append(c.laterStart()).append(" / ")
                    .append(fmt(c.meanDelayHours())).append(" | ")
                    .append(s == null ? "–" : s.laterStart() + " / " + fmt(s.meanDelayHours())).append(" | 3 / 1.5 | 7 / 2.5 |\n");
            out.append("| Utilisation factor at same start (portion of the optimum) | ").append(fmt(c.meanUtilisationRatio()))
                    .append(" (").append(c.equalStart()).append(" cases) | ")
                    .append(s == null ? "–" : fmt(s.meanUtilisationRatio()) + " (" + s.equalStart() + " cases)")
                    .append(" | 0.92 | 0.84 |\n");
            out.append("| … against the proven upper bound (a guaranteed lower bound of the portion) | ")
                    .append(fmt(c.meanRatioToBound())).append(" | ").append(s == null ? "–" : fmt(s.meanRatioToBound()))
                    .append(" | | |\n");
            out.append("| Test cases with utilisation factor above 99% of the optimum | ").append(c.above99())
                    .append(" | ").append(s == null ? "–" : s.above99()).append(" | 22 | 4 |\n");
        }
    }

    static void table4(StringBuilder out, Variant v) {
        out.append("\n### Table 4 (").append(name(v)).append("): search time of the ")
                .append(v.searchN5Total().count()).append(" collective N = 5 cases\n\n");
        out.append("| | Phases I-V (ours) | Phases II-V (ours) | Phases II-V simple (ours) | paper: Phases II-V |"
                + " paper: Phases I-VI |\n|---|---:|---:|---:|---:|---:|\n");
        Stats a = v.searchN5Total();
        Stats b = v.searchN5PhasesTwoToFive();
        Stats s = v.simpleSearchN5PhasesTwoToFive();
        out.append(String.format(Locale.ROOT, "| Minimal [ms] | %.3f | %.3f | %.3f | 0.008 | 126.4 |%n", a.min(), b.min(), s.min()));
        out.append(String.format(Locale.ROOT, "| Maximal [ms] | %.3f | %.3f | %.3f | 9.167 | 324.9 |%n", a.max(), b.max(), s.max()));
        out.append(String.format(Locale.ROOT, "| Average [ms] | %.3f | %.3f | %.3f | 1.004 | 169.8 |%n", a.mean(), b.mean(), s.mean()));
        out.append(String.format(Locale.ROOT, "| Standard deviation [ms] | %.3f | %.3f | %.3f | 1.664 | 29.4 |%n", a.sd(), b.sd(), s.sd()));
    }

    private static String name(Variant v) {
        return v.algorithm().name().toLowerCase(Locale.ROOT);
    }

    static String fmt(double value) {
        return Double.isNaN(value) ? "–" : String.format(Locale.ROOT, "%.2f", value);
    }
}
