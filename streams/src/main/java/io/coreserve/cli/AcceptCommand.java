package io.coreserve.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.coreserve.cli.request.TimeSyntax;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.AcceptCounterOffer;
import java.time.Instant;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code accept ID}: takes one interval of a counter-offer (seed 003's closest free intervals); signed by the user
 * like {@code cancel}. The offer is read from the app's HTTP queries; the pipeline books the interval if it is
 * still free and the offer has not expired (ACCEPTED, or REJECTED OFFER_TAKEN), or refuses under ID#accept.
 */
@Command(name = "accept", mixinStandardHelpOptions = true,
        description = {"Accept a counter-offer (signed by the user, like cancel): by default the offered interval "
                + "after the requested window; an ACCEPTED (or OFFER_TAKEN) decision follows.",
                "Example: coreserve accept --http URL job-42"})
public final class AcceptCommand implements Callable<Integer> {

    @Mixin
    ConnectionOptions connection;

    @Mixin
    AppHttp http;

    @Parameters(paramLabel = "ID", description = "Id of the request that received the counter-offer.")
    String requestId;

    @Mixin
    RequestOwner request;

    @Option(names = "--before", description = "Take the interval offered before the window instead of after it.")
    boolean before;

    @Option(names = "--start", paramLabel = "TIME", description = "Take the offered interval that starts at TIME "
            + "(ISO time or epoch ms, as show prints it).")
    String start;

    @Option(names = "--json", description = "Print what was sent as one JSON object (command, requestId, user, "
            + "domain, start, sentAt) instead of the id.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        CoreserveConfig config = connection.loadAs(request.user);
        String owner = request.requireUser(connection);
        ReservationText offer = new ReservationText(ShowCommand.fetch(config, http, owner, request.domain, requestId));
        Instant chosen = chosen(offer, Instant.now());
        AcceptCounterOffer accept = AcceptCounterOffer.newBuilder().setRequestId(requestId).setUser(owner)
                .setDomain(request.domain).setStart(chosen).setAcceptedAt(Instant.now()).build();
        System.out.println(SentCommand.send(config, "accept", requestId, owner, request.domain, chosen,
                accept).print(json));
        return 0;
    }

    /** The start of the interval to take: checked here so that a typo is told at once, not as ACCEPT_REFUSED. */
    Instant chosen(ReservationText offer, Instant now) {
        if (!offer.status().equals("COUNTER_OFFER")) {
            throw new IllegalStateException("request " + requestId + " of " + offer.user() + " is " + offer.status()
                    + ", not a counter-offer");
        }
        if (offer.state(now).equals("EX")) {
            throw new IllegalStateException("the counter-offer for " + requestId + " expired at "
                    + ReservationText.format(offer.time("offerExpiresAt")));
        }
        String offered = offer.offers().stream().map(o -> o.path("position").asText() + " "
                + Instant.ofEpochMilli(o.path("start").asLong())).collect(Collectors.joining(", "));
        JsonNode taken;
        if (start != null) {
            long wanted = TimeSyntax.instant(start, now).toEpochMilli();
            taken = offer.offers().stream().filter(o -> o.path("start").asLong() == wanted).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("--start " + start + " is not an offered start; "
                            + "offered: " + offered));
        } else {
            String position = before ? "BEFORE" : "AFTER";
            taken = offer.offers().stream().filter(o -> o.path("position").asText().equals(position)).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no interval offered " + position.toLowerCase()
                            + " the window; offered: " + (offered.isEmpty() ? "none" : offered)));
        }
        return Instant.ofEpochMilli(taken.path("start").asLong());
    }
}
