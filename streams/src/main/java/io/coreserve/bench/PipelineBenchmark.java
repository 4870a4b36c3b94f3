package io.coreserve.bench;

import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.metrics.EngineTime;
import io.coreserve.topology.EventSerdes;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Drives a running pipeline through the broker, as its users do, and measures it from outside:
 * <ol>
 *   <li><b>latency at a fixed rate</b>: requests sent open-loop at {@code rate}/s (a warm-up, then the measured
 *       period); the latency of a request is the time from just before it is handed to the producer until its
 *       decision is read by a read_committed consumer, both on this JVM's monotonic clock (the decision's
 *       {@code decidedAt} is the request's event time, not a wall-clock time of the decision);</li>
 *   <li><b>highest sustained rate</b>: closed loop, at most {@code window} requests undecided at any time, as fast as
 *       the pipeline answers; decisions read per second over the measured period (after a warm-up).</li>
 * </ol>
 * Progress goes to {@code progress} once a second.
 */
public final class PipelineBenchmark {

    /** {@code latencies}: where to append every decided request's latency (CSV), or null. */
    public record Options(int rate, Duration warmup, Duration duration, Duration maxWarmup, Duration maxDuration,
            int window, int n, Duration spread, long seed, Duration drainTimeout, Path latencies) {

        public static Options defaults() {
            return new Options(100, Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofSeconds(5),
                    Duration.ofSeconds(20), 500, 5, BenchWorkload.DEFAULT_SPREAD, 42L, Duration.ofSeconds(60), null);
        }
    }

    /** What one run measured. */
    public record Result(String label, int n, int rate, Percentiles latency, Percentiles engine, int sent,
            int undecided, Map<ReservationStatus, Integer> statuses, double maxSustainedPerSecond,
            Percentiles closedLoopLatency, Percentiles closedLoopEngine, int window) {
    }

    private enum Phase { WARMUP, RATE, MAX_WARMUP, MAX }

    private record Sent(long nanos, Phase phase) {
    }

    private final CoreserveConfig config;
    private final Options options;
    private final PrintStream progress;
    private final Map<String, Sent> undecided = new ConcurrentHashMap<>();
    private final Map<Phase, ConcurrentLinkedQueue<Long>> latencies = new EnumMap<>(Phase.class);
    private final Map<Phase, ConcurrentLinkedQueue<Long>> engineNanos = new EnumMap<>(Phase.class);
    private final Map<ReservationStatus, AtomicInteger> statuses = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<Long> maxPhaseDecidedAt = new ConcurrentLinkedQueue<>();
    private final AtomicLong decided = new AtomicLong();
    /** Each decided request's phase, when it was sent and its latency (ns), kept only with {@code --latencies}. */
    private final ConcurrentLinkedQueue<long[]> latencyLog = new ConcurrentLinkedQueue<>();
    private final AtomicLong sendErrors = new AtomicLong();
    private final Semaphore window;
    private volatile boolean stop;
    private volatile long runStart;

    public PipelineBenchmark(CoreserveConfig config, Options options, PrintStream progress) {
        this.config = config;
        this.options = options;
        this.progress = progress;
        this.window = new Semaphore(options.window());
        for (Phase p : Phase.values()) {
            latencies.put(p, new ConcurrentLinkedQueue<>());
            engineNanos.put(p, new ConcurrentLinkedQueue<>());
        }
    }

    public Result run(String label) throws InterruptedException {
        String domain = config.require(CoreserveConfig.DEFAULT_DOMAIN);
        BenchWorkload workload = new BenchWorkload("bench-" + Long.toString(System.currentTimeMillis(), 36), options.n(),
                options.spread(), options.seed());
        KafkaConsumer<String, ReservationDecision> consumer = BenchClients.decisionsFromEnd(config);
        Thread reader = new Thread(() -> read(consumer), "bench-decisions");
        Thread reporter = new Thread(this::report, "bench-progress");
        reporter.setDaemon(true);
        int sent = 0;
        try (KafkaProducer<String, ReservationCommand> producer = BenchClients.producer(config)) {
            reader.start();
            reporter.start();
            // 1. open loop at a fixed rate
            long interval = 1_000_000_000L / options.rate();
            long start = System.nanoTime();
            runStart = start;
            long warmupEnd = start + options.warmup().toNanos();
            long end = warmupEnd + options.duration().toNanos();
            long due = start;
            progress.printf("[%s] %d requests/s: %d s warm-up, %d s measured%n", label, options.rate(),
                    options.warmup().toSeconds(), options.duration().toSeconds());
            while (due < end) {
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                    continue;
                }
                send(producer, domain, workload.next(Instant.now()), due < warmupEnd ? Phase.WARMUP : Phase.RATE);
                sent++;
                due += interval;
            }
            int undecidedAtRate = drain(Phase.RATE);
            // 2. closed loop: as fast as decisions come back, at most `window` undecided
            progress.printf("[%s] closed loop, window %d: %d s warm-up, %d s measured%n", label, options.window(),
                    options.maxWarmup().toSeconds(), options.maxDuration().toSeconds());
            long maxStart = System.nanoTime();
            long maxMeasureFrom = maxStart + options.maxWarmup().toNanos();
            long maxEnd = maxMeasureFrom + options.maxDuration().toNanos();
            window.drainPermits();
            window.release(options.window());
            while (System.nanoTime() < maxEnd) {
                if (!window.tryAcquire(100, TimeUnit.MILLISECONDS)) {
                    continue;
                }
                send(producer, domain, workload.next(Instant.now()),
                        System.nanoTime() < maxMeasureFrom ? Phase.MAX_WARMUP : Phase.MAX);
            }
            long measuredDecisions = maxPhaseDecidedAt.stream().filter(t -> t >= maxMeasureFrom && t < maxEnd).count();
            double perSecond = measuredDecisions / (options.maxDuration().toNanos() / 1e9);
            drain(Phase.MAX);
            Map<ReservationStatus, Integer> counts = new EnumMap<>(ReservationStatus.class);
            statuses.forEach((s, c) -> counts.put(s, c.get()));
            if (options.latencies() != null) {
                writeLatencies(label);
            }
            if (sendErrors.get() > 0) {
                progress.printf("[%s] %d requests could not be sent%n", label, sendErrors.get());
            }
            return new Result(label, options.n(), options.rate(), Percentiles.ofNanos(latencies.get(Phase.RATE)),
                    Percentiles.ofNanos(engineNanos.get(Phase.RATE)), sent, undecidedAtRate, counts,
                    Math.round(perSecond * 10) / 10.0, Percentiles.ofNanos(latencies.get(Phase.MAX)),
                    Percentiles.ofNanos(engineNanos.get(Phase.MAX)), options.window());
        } finally {
            stop = true;
            reader.join(10_000);
            reporter.interrupt();
        }
    }

    private void send(KafkaProducer<String, ReservationCommand> producer, String domain, CoAllocationRequest request,
            Phase phase) {
        ReservationCommand command = ReservationCommand.newBuilder().setCommand(request).build();
        undecided.put(request.getRequestId(), new Sent(System.nanoTime(), phase));
        producer.send(new ProducerRecord<>(config.topics().requests(), domain, command), (metadata, e) -> {
            if (e != null) {
                sendErrors.incrementAndGet();
            }
        });
    }

    /** Waits until every request of {@code phase} and before is decided, or the drain timeout; returns those left. */
    private int drain(Phase phase) throws InterruptedException {
        long deadline = System.nanoTime() + options.drainTimeout().toNanos();
        while (System.nanoTime() < deadline
                && undecided.values().stream().anyMatch(s -> s.phase().ordinal() <= phase.ordinal())) {
            Thread.sleep(20);
        }
        int left = (int) undecided.values().stream().filter(s -> s.phase().ordinal() <= phase.ordinal()).count();
        if (left > 0) {
            progress.printf("%d requests still undecided after %d s%n", left, options.drainTimeout().toSeconds());
        }
        return left;
    }

    private void read(KafkaConsumer<String, ReservationDecision> consumer) {
        try (consumer) {
            while (!stop) {
                for (ConsumerRecord<String, ReservationDecision> r : consumer.poll(Duration.ofMillis(20))) {
                    long now = System.nanoTime();
                    if (r.key() == null || r.value() == null) {
                        continue; // undecodable (skipped and counted by the deserializer)
                    }
                    Sent s = undecided.remove(r.key());
                    if (s == null) {
                        continue; // not ours
                    }
                    decided.incrementAndGet();
                    latencies.get(s.phase()).add(now - s.nanos());
                    if (options.latencies() != null) {
                        latencyLog.add(new long[] {s.phase().ordinal(), s.nanos(), now - s.nanos()});
                    }
                    ReservationDecision d = r.value();
                    Long engine = EngineTime.nanos(d);
                    if (engine != null) {
                        engineNanos.get(s.phase()).add(engine);
                    }
                    statuses.computeIfAbsent(d.getStatus(), k -> new AtomicInteger()).incrementAndGet();
                    if (s.phase() == Phase.MAX_WARMUP || s.phase() == Phase.MAX) {
                        maxPhaseDecidedAt.add(now);
                        window.release();
                    }
                }
            }
        }
    }

    /**
     * Appends {@code run,phase,sent_ms,latency_ms} per decided request (sent: since the run's first request), so
     * that a run's tail can be placed in time: the warm-up's, the measured period's first seconds, or all along.
     */
    private void writeLatencies(String label) {
        Path file = options.latencies();
        try {
            boolean fresh = !Files.exists(file) || Files.size(file) == 0;
            StringBuilder csv = new StringBuilder(fresh ? "run,phase,sent_ms,latency_ms\n" : "");
            latencyLog.stream().sorted(java.util.Comparator.comparingLong(e -> e[1])).forEach(e -> csv.append(label)
                    .append(',').append(Phase.values()[(int) e[0]]).append(',')
                    .append(String.format(java.util.Locale.ROOT, "%.3f,%.3f%n", (e[1] - runStart) / 1e6, e[2] / 1e6)));
            Files.writeString(file, csv, java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
            progress.printf("[%s] %d latencies appended to %s%n", label, latencyLog.size(), file);
        } catch (java.io.IOException e) {
            progress.printf("[%s] cannot write the latencies to %s: %s%n", label, file, e.getMessage());
        }
    }

    private void report() {
        long last = 0;
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(1000);
                long now = decided.get();
                progress.printf("  decided %d (+%d/s), undecided %d%n", now, now - last, undecided.size());
                last = now;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
