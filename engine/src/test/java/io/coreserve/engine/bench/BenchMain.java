package io.coreserve.engine.bench;

import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the engine's benchmarks (they are not tests). Build the classpath and run, from the repository root:
 *
 * <pre>
 * mvn -q -pl streams -am test-compile dependency:build-classpath -Dmdep.outputFile=target/bench.cp \
 *   &amp;&amp; java -Xmx20g -cp streams/target/test-classes:streams/target/classes:$(cat streams/target/bench.cp) \
 *      io.coreserve.engine.bench.BenchMain phases|quality|scale [resources] [reservations/resource] [requests] [time grain ms] [compact|flat]
 * </pre>
 *
 * {@code phases}: JMH, time per request on the 606-node instance (2 warm-up + 3 measured iterations of 1 s,
 * one fork). {@code vgrid}: JMH, seed 004's selection over the million-host grid per aggregate type
 * (-Xmx2g). {@code quality}: solved cases and utilisation, PAPER vs IMPROVED. {@code scale}: memory and time
 * per request at 1,000,000 resources.
 */
public final class BenchMain {

    private BenchMain() {
    }

    public static void main(String[] args) throws RunnerException {
        String mode = args.length > 0 ? args[0] : "phases";
        switch (mode) {
            case "phases" -> {
                Options options = new OptionsBuilder()
                        .include(PhasesBenchmark.class.getSimpleName())
                        .warmupIterations(2).warmupTime(TimeValue.seconds(1))
                        .measurementIterations(3).measurementTime(TimeValue.seconds(1))
                        .forks(1)
                        .jvmArgs("-Xmx1g")
                        .build();
                new Runner(options).run();
            }
            case "vgrid" -> new Runner(new OptionsBuilder()
                    .include(VgridSelectionBenchmark.class.getSimpleName())
                    .warmupIterations(2).warmupTime(TimeValue.seconds(2))
                    .measurementIterations(3).measurementTime(TimeValue.seconds(2))
                    .forks(1)
                    .jvmArgs("-Xmx2g")
                    .build()).run();
            case "quality" -> QualityRun.run();
            case "scale" -> ScaleRun.run(
                    args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000,
                    args.length > 2 ? Integer.parseInt(args[2]) : 1_000,
                    args.length > 3 ? Integer.parseInt(args[3]) : 200,
                    args.length > 4 ? Long.parseLong(args[4]) : 60_000L,
                    args.length > 5 && args[5].equals("flat"));
            default -> throw new IllegalArgumentException("mode must be phases, vgrid, quality or scale: " + mode);
        }
    }
}
