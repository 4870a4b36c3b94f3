package io.coreserve.cli;

import io.coreserve.app.EventProducer;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.CancelRequest;
import io.coreserve.events.ReservationCommand;
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

    @Option(names = "--user", description = "The reservation's owner (default: the credentials' local user).")
    String user;

    @Option(names = "--domain", description = "Domain of the reservation (default: the configured default domain).")
    String domain;

    @Option(names = "--reason", description = "Why, for the record.")
    String reason;

    @Override
    public Integer call() throws Exception {
        CoreserveConfig config = connection.loadAs(user);
        String owner = user != null ? user : connection.user();
        if (owner == null) {
            throw new IllegalArgumentException("--user is required (no credentials name a local user)");
        }
        CancelRequest cancel = CancelRequest.newBuilder().setRequestId(requestId).setUser(owner).setDomain(domain)
                .setReason(reason).setRequestedAt(Instant.now()).build();
        String key = domain != null ? domain : config.require(CoreserveConfig.DEFAULT_DOMAIN);
        EventProducer.sendCommand(config, key, ReservationCommand.newBuilder().setCommand(cancel).build());
        System.out.println(requestId);
        return 0;
    }
}
