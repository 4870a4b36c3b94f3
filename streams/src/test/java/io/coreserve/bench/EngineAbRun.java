package io.coreserve.bench;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongFunction;

/**
 * Two builds of the engine on the same requests, interleaved in one JVM on one thread: each build's jar is loaded with
 * the bench classes by a class loader of its own, each keeps its own {@link FillingBooks}, and request k is decided by
 * both, one right after the other (A first on even k, B first on odd k). One row per batch: the CPU time per decision
 * of each and their ratio, and whether their decisions so far are the same (digests).
 *
 * <p>Why: on this shared 2-core machine the speed of a core changes by 10 to 35 % from one minute to the next, so two
 * runs one after the other, or two JVMs at once on two cores, cannot show a difference under about 5 %. Decisions
 * interleaved a millisecond apart see the same machine. What they do not see is a cache of their own: each decision
 * starts after the other build's, whose books pushed some of its own out of the caches (as the pipeline's own Kafka
 * work does between decisions, though less).
 *
 * <p>Not a test: {@code java -Xmx10g -cp streams/target/test-classes:streams/target/classes:streams/target/lib/*
 * io.coreserve.bench.EngineAbRun A.jar B.jar 420000 20000 200000}: the two engine jars, decisions, batch, and the
 * first decision with closest-free searches (before it the books only fill, sooner); {@code -Dalgorithm}, as for
 * {@link EngineFillRun}. From 200,000 on is the soak's regime (its closest-free searches run through its fill);
 * starting them later measures a colder memory and first class counts: decisions 380,001-390,000 cost 1.13 ms a
 * decision started at 380,000 against 0.73 ms started at 200,000.
 */
final class EngineAbRun {

    private EngineAbRun() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 5) {
            System.err.println("usage: EngineAbRun A.jar B.jar DECISIONS BATCH MEASURE_FROM [SPREAD_HOURS RATE]");
            System.exit(2);
        }
        int total = Integer.parseInt(args[2]);
        int batch = Integer.parseInt(args[3]);
        int measureFrom = Integer.parseInt(args[4]);
        int spreadHours = args.length > 5 ? Integer.parseInt(args[5]) : 168;
        int rate = args.length > 6 ? Integer.parseInt(args[6]) : 1_000;
        String algorithm = System.getProperty("algorithm", "improved");
        LongFunction<long[]> a = books(args[0], algorithm, spreadHours, rate, measureFrom);
        LongFunction<long[]> b = books(args[1], algorithm, spreadHours, rate, measureFrom);

        System.out.printf("A %s%nB %s%n%10s %10s %10s %8s %10s %10s  %s%n", args[0], args[1], "decided", "A ms",
                "B ms", "B/A", "A p50 ms", "B p50 ms", "decisions (digest, as EngineFillRun's)");
        long[] aNanos = new long[batch];
        long[] bNanos = new long[batch];
        long aTotal = 0;
        long bTotal = 0;
        for (int k = 0; k < total; k++) {
            long[] first;
            long[] second;
            if (k % 2 == 0) {
                first = a.apply(k);
                second = b.apply(k);
                aNanos[k % batch] = first[0];
                bNanos[k % batch] = second[0];
            } else {
                first = b.apply(k);
                second = a.apply(k);
                aNanos[k % batch] = second[0];
                bNanos[k % batch] = first[0];
            }
            if ((k + 1) % batch == 0) {
                double aMs = mean(aNanos);
                double bMs = mean(bNanos);
                if (k >= measureFrom) {
                    aTotal += Arrays.stream(aNanos).sum();
                    bTotal += Arrays.stream(bNanos).sum();
                }
                String decisions = first[1] == second[1] ? String.format("same %016x", first[1]) : "DIFFER";
                System.out.printf("%10d %10.3f %10.3f %8.3f %10.3f %10.3f  %s%n", k + 1, aMs, bMs, bMs / aMs,
                        median(aNanos), median(bNanos), decisions);
            }
        }
        System.out.printf("from decision %d on: B/A %.3f%n", measureFrom + 1, (double) bTotal / aTotal);
    }

    /** A {@link FillingBooks} of the engine in {@code engineJar}, with the bench classes loaded beside it. */
    @SuppressWarnings("unchecked")
    private static LongFunction<long[]> books(String engineJar, String algorithm, int spreadHours, int rate,
            int measureFrom) throws Exception {
        List<URL> urls = new ArrayList<>();
        urls.add(url(engineJar));
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!new File(entry).getName().startsWith("coreserve-engine")) {
                urls.add(url(entry));
            }
        }
        // The platform loader as parent: nothing of the application class path (its own engine) is seen.
        ClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
        Class<?> type = loader.loadClass(FillingBooks.class.getName());
        return (LongFunction<long[]>) type.getConstructor(String.class, int.class, int.class, int.class)
                .newInstance(algorithm, spreadHours, rate, measureFrom);
    }

    private static URL url(String entry) throws MalformedURLException {
        return new File(entry).toURI().toURL();
    }

    private static double mean(long[] nanos) {
        return Arrays.stream(nanos).average().orElse(0) / 1e6;
    }

    private static double median(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2] / 1e6;
    }
}
