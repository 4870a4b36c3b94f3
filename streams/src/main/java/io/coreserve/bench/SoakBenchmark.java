package io.coreserve.bench;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.metrics.EngineTime;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * The soak: does the pipeline hold its rate and latency once the books are full?
 * <ol>
 *   <li><b>fill</b>: closed loop (at most {@code window} requests undecided) as fast as the pipeline answers,
 *       until {@code fill} requests are decided; progress every few seconds;</li>
 *   <li><b>measure</b>: open loop at {@code rate} requests/s for {@code duration}; every {@code interval} one row:
 *       decisions/s, p50/p99/max latency of the decisions read in the interval, requests sent and not yet decided
 *       (backlog) and the pipeline's consumer lag on the requests topic (flat lag = the rate is held);</li>
 *   <li><b>probe</b>: {@code /probe} timed on empty books (before the fill) and full books (after the soak), when
 *       the pipeline's HTTP address is known.</li>
 * </ol>
 * Latency is measured as in {@link PipelineBenchmark}: produce to read_committed read, on this JVM's clock.
 */
public final class SoakBenchmark {

    /** {@code lingerMillis}: how long the request producer gathers requests into one send (see BenchCommand). */
    public record Options(int fill, int window, int rate, Duration duration, Duration interval, int n, Duration spread,
            long seed, int probes, Duration drainTimeout, int lingerMillis) {
    }

    /**
     * One interval of the measured period; {@code engineMillis}: the engine's mean time per decision read in it
     * ({@link EngineTime}; NaN when no decision said), which tells the engine's cost from the rest of the pipeline's;
     * {@code cpu}: the pipeline's stream threads (when they run in this JVM) and the machine over the interval.
     */
    public record Interval(double secondsFromStart, long sent, long decided, double perSecond, Percentiles latency,
            double engineMillis, long backlog, long lag, CpuWatch.Reading cpu) {
    }

    /** What a soak measured. */
    public record Result(String label, int n, long filled, double fillSeconds, double fillFirstPerSecond,
            double fillLastPerSecond, Map<ReservationStatus, Integer> fillStatuses, int rate, List<Interval> intervals,
            long sent, long decided, long undecided, double perSecond, Percentiles latency,
            Map<ReservationStatus, Integer> statuses, ProbeTiming.Timing probeEmpty, ProbeTiming.Timing probeFull) {
    }

    private record Sent(long nanos, boolean measured) {
    }

    private final CoreserveConfig config;
    private final Options options;
    private final PrintStream progress;
    private final ProbeTiming probe;
    private final Map<String, Sent> undecided = new ConcurrentHashMap<>();
    private final AtomicReference<ConcurrentLinkedQueue<Long>> intervalLatencies =
            new AtomicReference<>(new ConcurrentLinkedQueue<>());
    private final ConcurrentLinkedQueue<Long> measuredLatencies = new ConcurrentLinkedQueue<>();
    private final Map<ReservationStatus, AtomicInteger> fillStatuses = new ConcurrentHashMap<>();
    private final Map<ReservationStatus, AtomicInteger> measuredStatuses = new ConcurrentHashMap<>();
    private final AtomicLong decidedFill = new AtomicLong();
    private final AtomicLong decidedMeasured = new AtomicLong();
    /** The engine's time in the measured decisions read so far, and how many of them said it. */
    private final AtomicLong engineNanosMeasured = new AtomicLong();
    private final AtomicLong engineTimedMeasured = new AtomicLong();
    private final AtomicLong sendErrors = new AtomicLong();
    private final Semaphore window;
    private volatile boolean stop;

    /** @param probe times {@code /probe} of the pipeline, or null when its HTTP address is not known */
    public SoakBenchmark(CoreserveConfig config, Options options, ProbeTiming probe, PrintStream progress) {
        this.config = config;
        this.options = options;
        this.probe = probe;
        this.progress = progress;
        this.window = new Semaphore(options.window());
    }

    public Result run(String label) throws InterruptedException {
        String domain = config.require(CoreserveConfig.DEFAULT_DOMAIN);
        BenchWorkload workload = new BenchWorkload("soak-" + Long.toString(System.currentTimeMillis(), 36), options.n(),
                options.spread(), options.seed());
        ProbeTiming.Timing probeEmpty = timeProbe(label, "empty books", workload);
        KafkaConsumer<String, ReservationDecision> consumer = BenchClients.decisionsFromEnd(config);
        Thread reader = new Thread(() -> read(consumer), "soak-decisions");
        try (KafkaProducer<String, ReservationCommand> producer = BenchClients.producer(config, options.lingerMillis());
                BenchClients.Lag lag = new BenchClients.Lag(config)) {
            reader.start();
            double[] fill = fill(label, producer, domain, workload);
            List<Interval> intervals = new ArrayList<>();
            long[] totals = measure(label, producer, domain, workload, lag, intervals);
            long undecidedLeft = drain();
            long decided = decidedMeasured.get();       // now, with the count left undecided (not after the probes)
            ProbeTiming.Timing probeFull = timeProbe(label, "full books", workload);
            double seconds = options.duration().toNanos() / 1e9;
            if (sendErrors.get() > 0) {
                progress.printf("[%s] %d requests could not be sent%n", label, sendErrors.get());
            }
            return new Result(label, options.n(), decidedFill.get(), fill[0], fill[1], fill[2], counts(fillStatuses),
                    options.rate(), intervals, totals[0], decided, undecidedLeft,
                    Math.round(totals[1] / seconds * 10) / 10.0, Percentiles.ofNanos(measuredLatencies),
                    counts(measuredStatuses), probeEmpty, probeFull);
        } finally {
            stop = true;
            reader.join(10_000);
        }
    }

    /** Closed loop until {@code fill} decisions; returns its seconds and the rates of its first and last 10 s. */
    private double[] fill(String label, KafkaProducer<String, ReservationCommand> producer, String domain,
            BenchWorkload workload) throws InterruptedException {
        progress.printf("[%s] filling the books: %,d requests, closed loop (window %d)%n", label, options.fill(),
                options.window());
        long start = System.nanoTime();
        long nextReport = start + 5_000_000_000L;
        long lastCount = 0;
        long lastReport = start;
        List<Long> perSecond = new ArrayList<>();      // decisions per second, second by second
        long second = start + 1_000_000_000L;
        long atSecond = 0;
        int sent = 0;
        long lastProgress = start;
        while (decidedFill.get() < options.fill()) {
            long now = System.nanoTime();
            if (now >= second) {
                long d = decidedFill.get();
                perSecond.add(d - atSecond);
                atSecond = d;
                second += 1_000_000_000L;
            }
            if (now >= nextReport) {
                long d = decidedFill.get();
                progress.printf("  fill: %,d of %,d decided (%.0f/s), statuses %s%n", d, options.fill(),
                        (d - lastCount) / ((now - lastReport) / 1e9), counts(fillStatuses));
                lastCount = d;
                lastReport = now;
                nextReport += 5_000_000_000L;
            }
            if (sent >= options.fill()) {
                if (now - lastProgress > options.drainTimeout().toNanos()) {
                    progress.printf("[%s] %d fill requests still undecided after %d s: measuring anyway%n", label,
                            options.fill() - decidedFill.get(), options.drainTimeout().toSeconds());
                    break;
                }
                Thread.sleep(20);
                continue;
            }
            if (!window.tryAcquire(100, TimeUnit.MILLISECONDS)) {
                continue;
            }
            lastProgress = System.nanoTime();
            send(producer, domain, workload.next(Instant.now()), false);
            sent++;
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        double first = perSecond.stream().limit(10).mapToLong(Long::longValue).average().orElse(Double.NaN);
        double last = perSecond.stream().skip(Math.max(0, perSecond.size() - 10)).mapToLong(Long::longValue)
                .average().orElse(Double.NaN);
        progress.printf("[%s] filled: %,d decisions in %.0f s (first 10 s: %.0f/s, last 10 s: %.0f/s), statuses %s%n",
                label, decidedFill.get(), seconds, first, last, counts(fillStatuses));
        return new double[] {seconds, first, last};
    }

    /** Open loop at the rate; one row per interval. Returns {sent, decided within the period}. */
    private long[] measure(String label, KafkaProducer<String, ReservationCommand> producer, String domain,
            BenchWorkload workload, BenchClients.Lag lag, List<Interval> intervals) {
        progress.printf("[%s] measuring: %d requests/s for %d s, a row every %d s%n", label, options.rate(),
                options.duration().toSeconds(), options.interval().toSeconds());
        progress.printf("%8s %8s %10s %8s %8s %8s %10s %9s %8s %9s %7s %9s %6s%n", "s", "sent", "decided/s",
                "p50 ms", "p99 ms", "max ms", "engine ms", "backlog", "lag", "stream %", "txn %", "machine %", "load");
        long interval = 1_000_000_000L / options.rate();
        long tickNanos = TimeUnit.MILLISECONDS.toNanos(options.lingerMillis());
        long start = System.nanoTime();
        long end = start + options.duration().toNanos();
        long nextRow = start + options.interval().toNanos();
        long rowStart = start;
        long decidedAtRow = decidedMeasured.get();
        long engineNanosAtRow = engineNanosMeasured.get();
        long engineTimedAtRow = engineTimedMeasured.get();
        long sent = 0;
        long sentAtRow = 0;
        long due = start;
        intervalLatencies.set(new ConcurrentLinkedQueue<>());
        CpuWatch cpu = new CpuWatch();
        while (true) {
            long now = System.nanoTime();
            if (now >= nextRow) {
                long decided = decidedMeasured.get();
                Percentiles p = Percentiles.ofNanos(intervalLatencies.getAndSet(new ConcurrentLinkedQueue<>()));
                long engineNanos = engineNanosMeasured.get();
                long engineTimed = engineTimedMeasured.get();
                double engineMillis = engineTimed == engineTimedAtRow ? Double.NaN
                        : (engineNanos - engineNanosAtRow) / 1e6 / (engineTimed - engineTimedAtRow);
                Interval row = new Interval((now - start) / 1e9, sent - sentAtRow, decided - decidedAtRow,
                        (decided - decidedAtRow) / ((now - rowStart) / 1e9), p, engineMillis, undecided.size(),
                        lag.now(), cpu.read());
                intervals.add(row);
                progress.printf("%8.0f %8d %10.0f %8.1f %8.1f %8.1f %10.3f %9d %8d %9.0f %7.0f %9.0f %6.2f%n",
                        row.secondsFromStart(), row.sent(), row.perSecond(), p.p50(), p.p99(), p.max(),
                        row.engineMillis(), row.backlog(), row.lag(), 100 * row.cpu().streamThreadCores(),
                        100 * row.cpu().transactionWaitCores(), 100 * row.cpu().machineBusy(), row.cpu().loadAverage());
                decidedAtRow = decided;
                engineNanosAtRow = engineNanos;
                engineTimedAtRow = engineTimed;
                sentAtRow = sent;
                rowStart = now;
                nextRow += options.interval().toNanos();
                continue;      // the lag query took time: look at the clock again before sending
            }
            if (now >= end) {
                break;
            }
            if (due > now) {
                // Wakes at most once per linger (a tick): what falls due within it goes out in that linger's send
                // anyway. A wake-up per request (1,000 a second) cost this thread 6 % of a core on the two cores the
                // pipeline runs on, a tick 4 % (CPU per thread from /proc over a minute of a soak each).
                LockSupport.parkNanos(Math.min(Math.max(due, now + tickNanos), nextRow) - now);
                continue;
            }
            send(producer, domain, workload.next(Instant.now()), true);
            sent++;
            due += interval;
        }
        return new long[] {sent, decidedMeasured.get()};
    }

    private long drain() throws InterruptedException {
        long deadline = System.nanoTime() + options.drainTimeout().toNanos();
        while (!undecided.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        if (!undecided.isEmpty()) {
            progress.printf("%d requests still undecided after %d s%n", undecided.size(),
                    options.drainTimeout().toSeconds());
        }
        return undecided.size();
    }

    private ProbeTiming.Timing timeProbe(String label, String books, BenchWorkload workload) {
        if (probe == null || options.probes() <= 0) {
            return null;
        }
        ProbeTiming.Timing timing = probe.time(workload, options.probes());
        progress.printf("[%s] /probe on %s: %s%n", label, books, timing);
        progress.printf("[%s] GET /health on the same connection (the floor under a probe): %s%n", label,
                probe.timeHealth(options.probes()));
        return timing;
    }

    private void send(KafkaProducer<String, ReservationCommand> producer, String domain, CoAllocationRequest request,
            boolean measured) {
        ReservationCommand command = ReservationCommand.newBuilder().setCommand(request).build();
        undecided.put(request.getRequestId(), new Sent(System.nanoTime(), measured));
        producer.send(new ProducerRecord<>(config.topics().requests(), domain, command), (metadata, e) -> {
            if (e != null) {
                sendErrors.incrementAndGet();
            }
        });
    }

    private void read(KafkaConsumer<String, ReservationDecision> consumer) {
        try (consumer) {
            while (!stop) {
                for (ConsumerRecord<String, ReservationDecision> r : consumer.poll(Duration.ofMillis(20))) {
                    long now = System.nanoTime();
                    if (r.key() == null || r.value() == null) {
                        continue;
                    }
                    Sent s = undecided.remove(r.key());
                    if (s == null) {
                        continue; // not ours
                    }
                    ReservationStatus status = r.value().getStatus();
                    if (s.measured()) {
                        long latency = now - s.nanos();
                        measuredLatencies.add(latency);
                        intervalLatencies.get().add(latency);
                        measuredStatuses.computeIfAbsent(status, k -> new AtomicInteger()).incrementAndGet();
                        Long engine = EngineTime.nanos(r.value());
                        if (engine != null) {
                            engineNanosMeasured.addAndGet(engine);
                            engineTimedMeasured.incrementAndGet();
                        }
                        decidedMeasured.incrementAndGet();
                    } else {
                        fillStatuses.computeIfAbsent(status, k -> new AtomicInteger()).incrementAndGet();
                        decidedFill.incrementAndGet();
                        window.release();
                    }
                }
            }
        }
    }

    private static Map<ReservationStatus, Integer> counts(Map<ReservationStatus, AtomicInteger> statuses) {
        Map<ReservationStatus, Integer> result = new EnumMap<>(ReservationStatus.class);
        statuses.forEach((s, c) -> result.put(s, c.get()));
        return result;
    }
}
