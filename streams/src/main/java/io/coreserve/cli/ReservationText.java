package io.coreserve.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

/**
 * A decision as the HTTP queries give it (JSON, epoch milliseconds), read the way {@code queue} and {@code show}
 * print it: a state code in the spirit of Slurm's {@code squeue} ({@code PD} accepted and not started yet,
 * {@code R} running, {@code CD} ended, {@code CO} a counter-offer that may still be accepted, {@code EX} one that
 * expired, {@code CA} cancelled, {@code RJ} rejected), and its expected start.
 */
record ReservationText(JsonNode decision) {

    String id() {
        return decision.path("requestId").asText();
    }

    String user() {
        return decision.path("user").asText("");
    }

    String domain() {
        return decision.path("domain").asText("");
    }

    String status() {
        return decision.path("status").asText();
    }

    Optional<Instant> time(String field) {
        JsonNode value = decision.path(field);
        return value.isNumber() ? Optional.of(Instant.ofEpochMilli(value.asLong())) : Optional.empty();
    }

    /** The squeue-like state at {@code now}. */
    String state(Instant now) {
        return switch (status()) {
            case "ACCEPTED" -> {
                Instant start = time("start").orElse(now);
                Instant end = time("end").orElse(now);
                yield now.isBefore(start) ? "PD" : now.isBefore(end) ? "R" : "CD";
            }
            case "COUNTER_OFFER" -> time("offerExpiresAt").filter(now::isAfter).isPresent() ? "EX" : "CO";
            case "CANCELLED" -> "CA";
            default -> "RJ";
        };
    }

    /** Still in the queue, as squeue shows by default: accepted and not ended, or an offer that may be accepted. */
    boolean queued(Instant now) {
        String state = state(now);
        return state.equals("PD") || state.equals("R") || state.equals("CO");
    }

    /**
     * When it is expected to start: an accepted reservation's start; for a counter-offer, the offered interval
     * {@code accept} takes by default (the first one after the window, else the first offered).
     */
    Optional<Instant> expectedStart() {
        if (status().equals("COUNTER_OFFER")) {
            return defaultOffer().map(o -> Instant.ofEpochMilli(o.path("start").asLong()));
        }
        return status().equals("ACCEPTED") ? time("start") : Optional.empty();
    }

    List<JsonNode> offers() {
        return StreamSupport.stream(decision.path("alternatives").spliterator(), false).toList();
    }

    Optional<JsonNode> defaultOffer() {
        return offers().stream().filter(o -> o.path("position").asText().equals("AFTER")).findFirst()
                .or(() -> offers().stream().findFirst());
    }

    List<String> resources() {
        return StreamSupport.stream(decision.path("allocations").spliterator(), false)
                .map(a -> a.path("resourceId").asText()).toList();
    }

    int nodes() {
        return resources().size();
    }

    /** The resources, or why there are none (squeue's NODELIST(REASON)). */
    String nodeListOrReason() {
        if (!resources().isEmpty()) {
            return String.join(",", resources());
        }
        String reason = decision.path("reasonCode").asText("");
        return "(" + (reason.isEmpty() ? status().toLowerCase(Locale.ROOT) : reason) + ")";
    }

    static String format(Optional<Instant> time) {
        return time.map(t -> t.truncatedTo(ChronoUnit.SECONDS).toString()).orElse("N/A");
    }

    static String format(Duration d) {
        long s = d.getSeconds();
        return s >= 86_400 ? String.format(Locale.ROOT, "%d-%02d:%02d:%02d", s / 86_400, s % 86_400 / 3600,
                s % 3600 / 60, s % 60) : String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s % 3600 / 60, s % 60);
    }

    /** The decision with {@code state} and {@code expectedStart} added, for {@code --json}. */
    ObjectNode withState(Instant now) {
        ObjectNode node = ((ObjectNode) decision).deepCopy();
        node.put("state", state(now));
        expectedStart().ifPresentOrElse(t -> node.put("expectedStart", t.toEpochMilli()),
                () -> node.putNull("expectedStart"));
        return node;
    }

    /** {@code show}'s readable form: one line per fact. */
    String describe(Instant now) {
        List<String> lines = new ArrayList<>();
        lines.add(line("request", id() + "  user=" + user() + "  domain=" + domain()));
        lines.add(line("status", status() + " (" + state(now) + ")"
                + (decision.hasNonNull("reasonCode") ? " " + decision.get("reasonCode").asText() : "")
                + (decision.hasNonNull("field") ? " field=" + decision.get("field").asText() : "")));
        if (time("start").isPresent()) {
            lines.add(line("time", format(time("start")) + " .. " + format(time("end")) + " ("
                    + format(Duration.between(time("start").get(), time("end").orElse(time("start").get()))) + ")"));
        }
        for (JsonNode a : decision.path("allocations")) {
            List<String> amounts = new ArrayList<>();
            a.path("amounts").fields().forEachRemaining(e -> amounts.add(String.format(Locale.ROOT, "%s=%.2f",
                    e.getKey(), e.getValue().asDouble())));
            lines.add(line("resource", a.path("resourceId").asText() + " " + String.join(",", amounts)));
        }
        if (decision.path("utilisationFactor").isNumber()) {
            lines.add(line("U", String.format(Locale.ROOT, "%.3f (utilisation factor of the chosen set)",
                    decision.get("utilisationFactor").asDouble())));
        }
        for (JsonNode o : offers()) {
            lines.add(line("offer", o.path("position").asText() + " " + format(Optional.of(Instant.ofEpochMilli(
                    o.path("start").asLong()))) + " .. " + format(Optional.of(Instant.ofEpochMilli(
                    o.path("end").asLong())))));
        }
        time("offerExpiresAt").ifPresent(t -> lines.add(line("expires", format(Optional.of(t))
                + " (accept before: coreserve accept " + id() + ")")));
        lines.add(line("decided", format(time("decidedAt"))));
        lines.add(line("message", decision.path("message").asText()));
        return lines.stream().collect(Collectors.joining("\n"));
    }

    private static String line(String label, String text) {
        return String.format(Locale.ROOT, "%-9s %s", label, text);
    }
}
