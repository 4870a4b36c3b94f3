package io.coreserve.cli;

import io.coreserve.app.CoreserveApp;
import io.coreserve.app.ShutdownSignal;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.reservation.ReservationPipeline;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run the pipeline against an existing Kafka cluster and schema registry.",
                "Settings come from --config FILE, overridden by environment variables (KAFKA_BOOTSTRAP_SERVERS -> "
                        + "bootstrap.servers, CORESERVE_DEFAULT_DOMAIN -> coreserve.default.domain) and flags."})
public final class RunCommand implements Callable<Integer> {

    @Mixin
    ConnectionOptions connection;

    @Override
    public Integer call() throws Exception {
        CoreserveConfig config = connection.load();
        ReservationPipeline pipeline = ReservationPipeline.forConfig(config);
        try (ShutdownSignal shutdown = new ShutdownSignal();
                CoreserveApp app = CoreserveApp.start(config, pipeline, Duration.ofMinutes(2))) {
            System.out.println("coreserve running bootstrap=" + config.bootstrapServers() + " registry="
                    + config.registryUrl() + " http=" + app.http().url());
            shutdown.await(app.runner());
            return app.runner().failure() == null ? 0 : 1;
        }
    }
}
