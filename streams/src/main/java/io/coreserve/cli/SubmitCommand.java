package io.coreserve.cli;

import io.coreserve.app.EventProducer;
import io.coreserve.cli.request.RequestPrecheck;
import io.coreserve.cli.request.RequestFlags;
import io.coreserve.cli.request.RequestSpec;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.CoReservationRequest;
import io.coreserve.events.ReservationCommand;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "submit", mixinStandardHelpOptions = true,
        description = {"Submit a co-allocation request from a JSON or YAML file, or from flags, or an SRL "
                + "co-reservation (--srl FILE); prints the request id.",
                "Example: coreserve submit --bootstrap localhost:9092 --registry URL --user alice --n 5 --duration 2h "
                        + "--min cores=1 --total memory_gb=12",
                "SRL: coreserve submit --bootstrap localhost:9092 --registry URL --srl figure1.srl"})
public final class SubmitCommand implements Callable<Integer> {

    @Mixin
    ConnectionOptions connection;
    @Mixin
    VgdlOptions grid;

    @Parameters(arity = "0..1", paramLabel = "FILE", description = "Request as JSON or YAML (see README).")
    Path file;

    /** The request flags, shared with {@code probe}; a request's user is whom the command signs as. */
    @Mixin
    RequestFlags flags = new RequestFlags();
    @Option(names = "--srl", paramLabel = "FILE", description = "An SRL co-reservation request (seed 002; README: "
            + "SRL co-reservations): every part booked, or none. Collective flags do not apply.")
    Path srl;

    @Override
    public Integer call() throws Exception {
        RequestSpec spec = file != null ? RequestSpec.read(file) : new RequestSpec();
        applyFlags(spec);
        // The request's user is whom we act as: that user's credentials sign it (default: the local user).
        CoreserveConfig config = connection.loadAs(spec.user);
        spec.user = spec.user != null ? spec.user : connection.user();
        if (spec.user == null) {
            // Neither --user nor a credentials directory for this cluster (./.coreserve/credentials where dev runs).
            throw new IllegalArgumentException("user is required: give --user NAME, or --credentials DIR (dev's "
                    + "DATA_DIR/credentials) to act as its local user");
        }
        if (grid.requested()) {
            var request = grid.request(spec.id, spec.user, spec.email, spec.duration, spec.earliest, spec.latest,
                    Instant.now());
            VgdlOptions.send(config, request);
            System.out.println(request.getRequestId());
            return 0;
        }
        Instant now = Instant.now();
        String requestId;
        String domain;
        Object command;
        if (spec.srl != null) {
            CoReservationRequest request = spec.toCoReservation(now);
            requestId = request.getRequestId();
            domain = request.getDomain();
            command = request;
        } else {
            CoAllocationRequest request = spec.toRequest(now);
            RequestPrecheck.check(request, config);
            requestId = request.getRequestId();
            domain = request.getDomain();
            command = request;
        }
        String key = domain != null ? domain : config.require(CoreserveConfig.DEFAULT_DOMAIN);
        EventProducer.sendCommand(config, key, ReservationCommand.newBuilder().setCommand(command).build());
        System.out.println(requestId);
        return 0;
    }

    private void applyFlags(RequestSpec spec) throws java.io.IOException {
        if (srl != null) {
            spec.srl = java.nio.file.Files.readString(srl);
        }
        flags.applyTo(spec);
    }

}
