package io.coreserve.cli;

import io.coreserve.cli.request.RequestFlags;
import io.coreserve.cli.request.RequestSpec;
import io.coreserve.config.CoreserveConfig;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code probe}: "when would my job start?" ({@code POST /probe}, as {@code sbatch --test-only}); books nothing. */
@Command(name = "probe", mixinStandardHelpOptions = true,
        description = {"What the engine would decide for a request now, booking nothing (same file and flags as submit).",
                "Example: coreserve probe --http URL --n 5 --duration 2h --min cores=1 --total memory_gb=12"})
public final class ProbeCommand implements Callable<Integer> {

    @Mixin
    ConnectionOptions connection;

    @Mixin
    AppHttp http;

    @Mixin
    RequestFlags flags;

    @Parameters(arity = "0..1", paramLabel = "FILE", description = "Request as JSON or YAML (see README).")
    Path file;

    @Option(names = "--json", description = "The decision the engine would make, as JSON (times in epoch ms).")
    boolean json;

    @Override
    public Integer call() throws Exception {
        RequestSpec spec = flags.applyTo(file != null ? RequestSpec.read(file) : new RequestSpec());
        CoreserveConfig config = connection.load();
        spec.user = ShowCommand.owner(spec.user, connection);
        ReservationText decision = new ReservationText(http.post(config, "/probe", spec));
        System.out.println(json ? decision.decision().toString() : decision.describe(Instant.now()));
        return 0;
    }
}
