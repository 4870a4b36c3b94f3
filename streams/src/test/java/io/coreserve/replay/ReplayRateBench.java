package io.coreserve.replay;

import io.coreserve.cli.ReplayCommand;
import io.coreserve.local.ApicurioRegistryProcess;
import io.coreserve.local.KafkaBrokerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;

/**
 * Not a test: measures {@code coreserve replay} through a real broker (a separate process, so it does not share
 * the replaying JVM) on the shared sample traces. Run from the repository root after {@code mvn -pl streams -am
 * test-compile} (which builds broker/target/lib):
 * <pre>
 * java -cp "$(cat streams/target/test-classpath.txt):streams/target/classes:streams/target/test-classes" \
 *      io.coreserve.replay.ReplayRateBench ../shared/data/swf/hpc2n-seth-2002.sample.swf ../shared/data/planetlab/20110303 [apicurio]
 * </pre>
 * With {@code apicurio} the values are registered in a real Apicurio registry (a process too), else in a
 * {@code mock://} one in the replaying JVM.
 */
public final class ReplayRateBench {

    private ReplayRateBench() {
    }

    public static void main(String[] args) throws Exception {
        Path temp = Files.createTempDirectory("replay-bench");
        boolean apicurio = args.length > 2 && args[2].equals("apicurio");
        try (KafkaBrokerProcess broker = KafkaBrokerProcess.start(temp.resolve("broker"));
             ApicurioRegistryProcess registry = apicurio ? ApicurioRegistryProcess.start(temp.resolve("registry")) : null) {
            String url = registry != null ? registry.url() : "mock://bench";
            // Twice each: the first round includes JIT warm-up, topic metadata and schema registration.
            for (String[] run : new String[][] {{"--swf", args[0]}, {"--planetlab", args[1]}, {"--swf", args[0]},
                    {"--planetlab", args[1]}}) {
                long started = System.nanoTime();
                int exit = new CommandLine(new ReplayCommand()).execute(run[0], run[1],
                        "--bootstrap", broker.bootstrapServers(), "--registry", url, "--no-catalogue-wait");
                System.out.printf("%s %s: exit %d, %.1f s wall including start-up%n", run[0], run[1], exit,
                        (System.nanoTime() - started) / 1e9);
            }
        }
    }
}
