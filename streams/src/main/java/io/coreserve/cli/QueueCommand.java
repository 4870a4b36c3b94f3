package io.coreserve.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.coreserve.config.CoreserveConfig;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code queue}: the reservations of every user (or one) as a table in the spirit of Slurm's {@code squeue}; with
 * {@code --start}, when each pending reservation or counter-offer is expected to start ({@code squeue --start}).
 */
@Command(name = "queue", mixinStandardHelpOptions = true,
        description = {"List reservations like squeue: by default those not ended yet and the counter-offers that may "
                + "still be accepted, of every user.",
                "ST: PD accepted and not started, R running, CD ended, CO counter-offer, EX expired offer, CA cancelled,"
                        + " RJ rejected."})
public final class QueueCommand implements Callable<Integer> {

    @Mixin
    ConnectionOptions connection;

    @Mixin
    AppHttp http;

    @Option(names = {"--user", "-u"}, description = "Only this user's.")
    String user;

    @Option(names = {"--status", "-t"}, paramLabel = "S[,S...]", description = "Only these decisions (ACCEPTED, "
            + "REJECTED, COUNTER_OFFER, CANCELLED), ended or not.")
    String status;

    @Option(names = "--domain", description = "Only this domain's.")
    String domain;

    @Option(names = "--start", description = "The expected start of each pending reservation and counter-offer.")
    boolean start;

    @Option(names = "--json", description = "A JSON array of the decisions shown, with \"state\" and "
            + "\"expectedStart\" added.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        CoreserveConfig config = connection.load();
        Map<String, String> query = new LinkedHashMap<>();
        query.put("user", user);
        query.put("status", status);
        query.put("domain", domain);
        Instant now = Instant.now();
        List<ReservationText> shown = new ArrayList<>();
        for (JsonNode d : http.get(config, "/reservations", query)) {
            ReservationText r = new ReservationText(d);
            boolean listed = status != null || r.queued(now);
            if (listed && (!start || r.state(now).equals("PD") || r.state(now).equals("CO"))) {
                shown.add(r);
            }
        }
        if (json) {
            ArrayNode array = AppHttp.JSON.createArrayNode();
            shown.forEach(r -> array.add(r.withState(now)));
            System.out.println(array);
        } else {
            System.out.print(table(shown, now, start));
        }
        return 0;
    }

    static String table(List<ReservationText> rows, Instant now, boolean start) {
        List<String[]> cells = new ArrayList<>();
        cells.add(start ? new String[] {"ID", "USER", "DOMAIN", "ST", "START_TIME", "END_TIME", "NODES",
            "NODELIST(REASON)"} : new String[] {"ID", "USER", "DOMAIN", "ST", "START_TIME", "TIME", "NODES",
            "NODELIST(REASON)"});
        for (ReservationText r : rows) {
            String state = r.state(now);
            String last;
            if (start) {
                var offer = r.defaultOffer().filter(o -> state.equals("CO"));
                last = offer.map(o -> ReservationText.format(java.util.Optional.of(Instant.ofEpochMilli(
                        o.path("end").asLong())))).orElse(ReservationText.format(r.time("end")));
            } else {
                last = r.time("start").filter(s -> state.equals("R") || state.equals("CD"))
                        .map(s -> ReservationText.format(Duration.between(s, state.equals("R") ? now
                                : r.time("end").orElse(now)))).orElse("0:00:00");
            }
            cells.add(new String[] {r.id(), r.user(), r.domain(), state, ReservationText.format(r.expectedStart()),
                last, Integer.toString(r.nodes()), r.nodeListOrReason()});
        }
        int[] widths = new int[cells.get(0).length];
        for (String[] row : cells) {
            for (int i = 0; i < row.length - 1; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] row : cells) {
            for (int i = 0; i < row.length - 1; i++) {
                out.append(String.format(Locale.ROOT, "%-" + widths[i] + "s  ", row[i]));
            }
            out.append(row[row.length - 1]).append('\n');
        }
        return out.toString();
    }
}
