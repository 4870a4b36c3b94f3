package io.coreserve.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.coreserve.config.CoreserveConfig;
import java.time.Instant;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code show ID}: one request's current decision, in the spirit of {@code scontrol show job}. */
@Command(name = "show", mixinStandardHelpOptions = true,
        description = "Show the current decision of a request (from the app's HTTP queries).")
public final class ShowCommand implements Callable<Integer> {

    @Mixin
    ConnectionOptions connection;

    @Mixin
    AppHttp http;

    @Parameters(paramLabel = "ID", description = "The request id.")
    String requestId;

    @Mixin
    RequestOwner request;

    @Option(names = "--json", description = "The decision as the HTTP query gives it (times in epoch ms), with "
            + "\"state\" and \"expectedStart\" added.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        CoreserveConfig config = connection.load();
        ReservationText decision = new ReservationText(fetch(config, http, owner(request.user, connection),
                request.domain, requestId));
        System.out.println(json ? decision.withState(Instant.now()).toString() : decision.describe(Instant.now()));
        return 0;
    }

    /** {@code user}, else the credentials' local user, else the login name. */
    static String owner(String user, ConnectionOptions connection) {
        return user != null ? user : connection.user() != null ? connection.user() : System.getProperty("user.name");
    }

    static JsonNode fetch(CoreserveConfig config, AppHttp http, String user, String domain, String requestId)
            throws Exception {
        Map<String, String> query = new HashMap<>();
        query.put("domain", domain);
        return http.get(config, "/users/" + AppHttp.encode(user) + "/reservations/"
                + AppHttp.encode(requestId).replace("%2F", "/"),
                Collections.unmodifiableMap(query));
    }
}
