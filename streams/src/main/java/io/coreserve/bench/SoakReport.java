package io.coreserve.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A soak's result as Markdown tables (one row per interval, then a summary) and as JSON. */
public final class SoakReport {

    private SoakReport() {
    }

    public static void print(SoakBenchmark.Result r, PrintStream out) {
        out.println();
        out.printf("Soak [%s], N=%d: filled with %,d decisions in %.0f s (closed loop: first 10 s %.0f/s, last 10 s "
                        + "%.0f/s; %s)%n", r.label(), r.n(), r.filled(), r.fillSeconds(), r.fillFirstPerSecond(),
                r.fillLastPerSecond(), r.fillStatuses());
        out.println();
        out.println("| s | sent | decided/s | p50 ms | p99 ms | max ms | engine ms a decision | backlog | consumer lag "
                + "| stream threads % of a core | waiting on transactions % | machine busy % | load |");
        out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (SoakBenchmark.Interval i : r.intervals()) {
            out.printf("| %.0f | %d | %.0f | %.1f | %.1f | %.1f | %s | %d | %d | %s | %s | %s | %.2f |%n",
                    i.secondsFromStart(), i.sent(), i.perSecond(), i.latency().p50(), i.latency().p99(),
                    i.latency().max(), millis(i.engineMillis()), i.backlog(), i.lag(),
                    percent(i.cpu().streamThreadCores()), percent(i.cpu().transactionWaitCores()),
                    percent(i.cpu().machineBusy()), i.cpu().loadAverage());
        }
        out.println();
        out.printf("| rate/s | sent | decided | undecided after drain | decided/s | backlog most / last row "
                + "(seconds of input) | p50 ms | p99 ms | max ms | statuses "
                + "| /probe empty books p50/p99/max ms | /probe full books p50/p99/max ms |%n");
        out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
        out.printf("| %d | %d | %d | %d | %.1f | %s | %.1f | %.1f | %.1f | %s | %s | %s |%n", r.rate(), r.sent(),
                r.decided(), r.undecided(), r.perSecond(), backlogs(r), r.latency().p50(), r.latency().p99(),
                r.latency().max(), r.statuses(), probe(r.probeEmpty()), probe(r.probeFull()));
    }

    /**
     * The largest backlog of the rows and the last row's, each also as seconds of input at the offered rate: whether
     * the lag stayed flat (a few seconds of work at most, not growing) without reading every row.
     */
    static String backlogs(SoakBenchmark.Result r) {
        if (r.intervals().isEmpty()) {
            return "-";
        }
        long most = r.intervals().stream().mapToLong(SoakBenchmark.Interval::backlog).max().orElse(0);
        long last = r.intervals().get(r.intervals().size() - 1).backlog();
        return String.format(Locale.ROOT, "%,d / %,d (%s / %s s)", most, last, seconds(most, r.rate()),
                seconds(last, r.rate()));
    }

    private static String seconds(long backlog, int rate) {
        return rate <= 0 ? "-" : String.format(Locale.ROOT, "%.1f", (double) backlog / rate);
    }

    /** JSON has no NaN: not measured is null. */
    private static Double finiteOrNull(double value) {
        return Double.isFinite(value) ? value : null;
    }

    /** Milliseconds to three places; "-" where nothing was measured (no decision carried the engine's time). */
    private static String millis(double value) {
        return Double.isNaN(value) ? "-" : String.format("%.3f", value);
    }

    /** A share as a whole percentage; "-" where it was not measured (the pipeline runs elsewhere; no /proc). */
    private static String percent(double share) {
        return Double.isNaN(share) ? "-" : String.format("%.0f", 100 * share);
    }

    private static String probe(ProbeTiming.Timing t) {
        return t == null ? "-" : String.format("%.2f / %.2f / %.1f%s", t.millis().p50(), t.millis().p99(),
                t.millis().max(),
                t.errors() > 0 ? " (" + t.errors() + " errors)" : "");
    }

    public static void writeJson(List<SoakBenchmark.Result> results, Path file) throws IOException {
        List<Map<String, Object>> runs = results.stream().map(SoakReport::toJson).toList();
        Object top = runs.size() == 1 ? runs.get(0) : Map.of("runs", runs);
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), top);
    }

    private static Map<String, Object> toJson(SoakBenchmark.Result r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("label", r.label());
        m.put("n", r.n());
        m.put("fill", Map.of("decisions", r.filled(), "seconds", r.fillSeconds(), "firstPerSecond",
                r.fillFirstPerSecond(), "lastPerSecond", r.fillLastPerSecond(), "statuses", r.fillStatuses()));
        m.put("rate", r.rate());
        m.put("intervals", r.intervals().stream().map(i -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("seconds", i.secondsFromStart());
            row.put("sent", i.sent());
            row.put("perSecond", i.perSecond());
            row.put("latencyMillis", latency(i.latency()));
            row.put("engineMillisPerDecision", finiteOrNull(i.engineMillis()));
            row.put("backlog", i.backlog());
            row.put("consumerLag", i.lag());
            row.put("streamThreadCores", finiteOrNull(i.cpu().streamThreadCores()));
            row.put("transactionWaitCores", finiteOrNull(i.cpu().transactionWaitCores()));
            row.put("machineBusy", finiteOrNull(i.cpu().machineBusy()));
            row.put("loadAverage", finiteOrNull(i.cpu().loadAverage()));
            return row;
        }).toList());
        m.put("sent", r.sent());
        m.put("decided", r.decided());
        m.put("undecided", r.undecided());
        m.put("perSecond", r.perSecond());
        m.put("latencyMillis", latency(r.latency()));
        m.put("statuses", r.statuses());
        m.put("probeEmptyMillis", r.probeEmpty() == null ? null : latency(r.probeEmpty().millis()));
        m.put("probeFullMillis", r.probeFull() == null ? null : latency(r.probeFull().millis()));
        return m;
    }

    private static Map<String, Object> latency(Percentiles p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("count", p.count());
        m.put("p50", p.p50());
        m.put("p99", p.p99());
        m.put("max", p.max());
        return m;
    }
}
