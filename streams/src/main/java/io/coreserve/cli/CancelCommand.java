package io.coreserve.cli;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.CancelRequest;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "cancel", mixinStandardHelpOptions = true,
        description = "Cancel a reservation (signed by the user, like submit); a CANCELLED decision follows.")
public final class CancelCommand implements Callable<Integer> {

    @Mixin
    ConnectionOptions connection;

    @Parameters(paramLabel = "ID", description = "Id of the request whose reservation is cancelled.")
    String requestId;

    @Mixin
    RequestOwner request;

    @Option(names = "--reason", description = "Why, for the record.")
    String reason;

    @Option(names = "--json", description = "Print what was sent as one JSON object (command, requestId, user, "
            + "domain, sentAt) instead of the id.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        CoreserveConfig config = connection.loadAs(request.user);
        String owner = request.requireUser(connection);
        CancelRequest cancel = CancelRequest.newBuilder().setRequestId(requestId).setUser(owner).setDomain(request.domain)
                .setReason(reason).setRequestedAt(Instant.now()).build();
        System.out.println(SentCommand.send(config, "cancel", requestId, owner, request.domain, null,
                cancel).print(json));
        return 0;
    }
}
