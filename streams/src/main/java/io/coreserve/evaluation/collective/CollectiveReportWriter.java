package io.coreserve.evaluation.collective;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes the Markdown tables, the Figure 2 PNG and the JSON of an evaluation. */
public final class CollectiveReportWriter {

    public static final String CHART = "figure2-search-time.png";
    public static final String TABLES = "tables.md";
    public static final String JSON = "results.json";

    private CollectiveReportWriter() {
    }

    /** The Markdown of Tables 2, 3 and 4. */
    public static String markdown(EvaluationReport report) {
        return MarkdownTables.render(report);
    }

    /**
     * Writes tables.md and the chart into {@code out}, and the JSON to {@code json}, or to results.json in
     * {@code out} when null; returns where the JSON went.
     */
    public static Path write(EvaluationReport report, Path out, Path json) throws IOException {
        Files.createDirectories(out);
        Files.writeString(out.resolve(TABLES), markdown(report));
        SearchTimeChart.write(report, out.resolve(CHART));
        Path target = json != null ? json : out.resolve(JSON);
        Path parent = target.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        JsonReport.write(report, target);
        return target;
    }
}
