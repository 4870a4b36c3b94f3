package io.coreserve.cli;

import io.coreserve.app.CoreserveApp;
import io.coreserve.config.CoreserveConfig;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
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
        Pipeline pipeline = Pipeline.forConfig(config);
        try (CoreserveApp app = CoreserveApp.start(config, pipeline.handlers(), pipeline.stores(), Duration.ofMinutes(2))) {
            System.out.println("coreserve running bootstrap=" + config.bootstrapServers() + " registry="
                    + config.registryUrl() + " http=" + app.http().url());
            CountDownLatch stop = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(stop::countDown, "coreserve-stop"));
            Thread watcher = new Thread(() -> {
                try {
                    app.runner().awaitStop();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                stop.countDown();
            }, "coreserve-watch-streams");
            watcher.setDaemon(true);
            watcher.start();
            stop.await();
            return app.runner().failure() == null ? 0 : 1;
        }
    }
}
