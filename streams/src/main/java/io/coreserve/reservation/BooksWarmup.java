package io.coreserve.reservation;

import io.coreserve.engine.allocation.Outcome;
import io.coreserve.engine.allocation.Plan;
import io.coreserve.engine.allocation.Rejection;
import io.coreserve.engine.model.Request;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.Resource;
import io.coreserve.events.ReservationDecision;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides synthetic requests at start on scratch books of a domain's catalogue, the way the reservation service
 * decides users' requests (mapped from the request event, allocated and booked, the accepted decision built; the
 * closest free intervals searched where nothing fits in the window; some reservations cancelled; the past
 * forgotten as the clock moves), so that the engine's paths are compiled for books that fill before the first
 * users' requests arrive. The scratch books are the domain's catalogue with timetables of their own: nothing the
 * service has booked is read or changed, and they are dropped when the warm-up ends.
 *
 * <p>Why: the probe warm-up ({@code ProbeWarmup}) searches the live books but books nothing, and on a fresh start the
 * books are nearly empty. The first run of {@code bench pipeline} after {@code dev}'s {@code warm-up done} then met
 * the app's JIT compiling the booking, timetable and closest-free paths for 15 to 25 s (the C1 and C2 compiler
 * threads 35 to 54 % of a core, per thread from {@code /proc}; 560 of the 1,500 methods compiled after the
 * benchmark started were the engine's timetable and allocation code, and 227 of its 500 deoptimisations), and the
 * decisions waited for CPU: each second's median latency 40 to 70 ms for the first 10 to 20 s. With this warm-up
 * the engine's compilations in those seconds fell to 62 and its time a decision by about a sixth; the first run's
 * p99 was not shown to move, the Kafka paths' compiling being the larger part, and the closed loop that followed
 * decided 0.71 times as many a second (the engine compiled for the warm-up's requests, not the users'): so it is off
 * unless asked for (README, Benchmarks).
 *
 * <p>The requests are shaped from the catalogue: 1 to 8 resources, each at least a share of a random resource's
 * capacities and together up to twice that, half of them one of its labels, 1 minute to 2 hours long, windows up
 * to 3 hours starting within half a day of a clock that advances a tenth of a second a request, so that the books
 * fill and later requests are counter-offered.
 */
public final class BooksWarmup implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(BooksWarmup.class);
    private static final Duration LIVE_WAIT = Duration.ofSeconds(60);
    private static final long MINUTE = 60_000L;
    /** The simulated clock's step per request: 10 requests a simulated second. */
    private static final long STEP_MILLIS = 100;
    /** One accepted reservation in this many is cancelled again (the release path). */
    private static final int CANCEL_ONE_IN = 8;
    private static final String USER = "coreserve-warmup";
    /**
     * The most the warm-up runs: on a catalogue far larger than the demo's its searches cost more, and a warm-up
     * that has compiled the paths has done its work; it then ends with what it decided.
     */
    static final Duration RUN_LIMIT = Duration.ofMinutes(2);

    private final AtomicInteger decided = new AtomicInteger();
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger searchedClosest = new AtomicInteger();
    private final AtomicInteger cancelled = new AtomicInteger();
    private final CountDownLatch done = new CountDownLatch(1);
    private final Thread thread;
    private volatile boolean stopped;

    private BooksWarmup(ReservationSettings settings, String domain, int requests, BooleanSupplier live,
            Supplier<List<Resource>> catalogue) {
        this.thread = new Thread(() -> {
            try {
                if (awaitLive(domain, live)) {
                    run(settings, domain, requests, catalogue.get());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                LOG.warn("books warm-up stopped after {} requests: {}", decided.get(), e.toString());
            } finally {
                done.countDown();
            }
        }, "coreserve-books-warmup");
        thread.setDaemon(true);
    }

    /**
     * Starts deciding {@code requests} synthetic requests on scratch books of {@code domain}'s catalogue, on a
     * background thread, once the domain's books are {@code live} (its catalogue loaded).
     */
    public static BooksWarmup start(ReservationSettings settings, String domain, int requests, BooleanSupplier live,
            Supplier<List<Resource>> catalogue) {
        BooksWarmup warmup = new BooksWarmup(settings, domain, requests, live, catalogue);
        warmup.thread.start();
        return warmup;
    }

    /** Requests decided so far. */
    public int decided() {
        return decided.get();
    }

    /** Of those, accepted and booked (on the scratch books). */
    public int accepted() {
        return accepted.get();
    }

    /** Rejected requests whose closest free intervals were searched. */
    public int searchedClosest() {
        return searchedClosest.get();
    }

    /** Accepted reservations cancelled again. */
    public int cancelled() {
        return cancelled.get();
    }

    /** Waits for the warm-up to end; true when it did within {@code timeout}. */
    public boolean await(Duration timeout) throws InterruptedException {
        return done.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    private boolean awaitLive(String domain, BooleanSupplier live) throws InterruptedException {
        long deadline = System.nanoTime() + LIVE_WAIT.toNanos();
        while (!live.getAsBoolean() && !stopped) {
            if (System.nanoTime() > deadline) {
                LOG.info("books warm-up skipped: the books of domain {} did not go live within {}", domain, LIVE_WAIT);
                return false;
            }
            Thread.sleep(100);                  // a background thread polling a flag, not a test
        }
        return !stopped;
    }

    void run(ReservationSettings settings, String domain, int requests, List<Resource> resources) {
        DomainBooks books = DomainBooks.build(settings.properties(), settings.engine(), resources, Set.of(),
                List.of(), List.of());
        List<Resource> nodes = resources.stream().filter(EventMapping::isNode)
                .filter(r -> !r.getRetired()).toList();
        if (nodes.isEmpty()) {
            LOG.info("books warm-up skipped: domain {} has no nodes yet", domain);
            return;
        }
        SplittableRandom random = new SplittableRandom(requests);
        long begin = System.nanoTime();
        long start = System.currentTimeMillis() / MINUTE * MINUTE;
        long lastForget = start;
        List<ReservationDecision> booked = new ArrayList<>();
        long deadline = begin + RUN_LIMIT.toNanos();
        for (int k = 0; k < requests && !stopped && System.nanoTime() < deadline; k++) {
            long now = start + k * STEP_MILLIS;
            if (now - lastForget >= MINUTE) {
                books.forgetBefore(now);          // as the lifecycle ticks forget the past
                lastForget = now;
            }
            CoAllocationRequest request = request(k, nodes, random, now);
            Request engineRequest = EventMapping.toEngine(request, now);
            Outcome outcome = books.allocator().allocate(engineRequest);
            if (outcome instanceof Plan plan) {
                accepted.incrementAndGet();
                booked.add(Decisions.accepted(settings, domain, request, plan, books, now));
                if (random.nextInt(CANCEL_ONE_IN) == 0) {
                    books.release(booked.remove(random.nextInt(booked.size())));
                    cancelled.incrementAndGet();
                }
            } else if (outcome instanceof Rejection rejection && rejection.reason().seeksClosestFree()) {
                books.allocator().closestFree(engineRequest, rejection, now,
                        settings.counterOfferHorizon().toMillis(), settings.counterOfferMaxM());
                searchedClosest.incrementAndGet();
            }
            decided.incrementAndGet();
        }
        LOG.info("books warm-up: {} requests decided on scratch books of {} nodes ({} accepted, {} closest-free "
                        + "searches, {} cancelled) in {} ms", decided.get(), nodes.size(), accepted.get(),
                searchedClosest.get(), cancelled.get(), (System.nanoTime() - begin) / 1_000_000);
    }

    /** One synthetic request shaped from a random node of {@code nodes} (see the class comment). */
    static CoAllocationRequest request(int k, List<Resource> nodes, SplittableRandom random, long now) {
        Resource shape = nodes.get(random.nextInt(nodes.size()));
        int n = 1 + random.nextInt(Math.min(8, nodes.size()));
        double share = 0.05 + 0.25 * random.nextDouble();
        Map<String, Double> minimums = new LinkedHashMap<>();
        Map<String, Double> totals = new LinkedHashMap<>();
        shape.getProperties().forEach((name, capacity) -> {
            if (capacity != null && capacity > 0) {
                double minimum = Math.rint(capacity * share * 1000) / 1000;
                minimums.put(name, minimum);
                totals.put(name, Math.rint(n * minimum * (1 + random.nextDouble()) * 1000) / 1000);
            }
        });
        Map<String, String> requirements = new LinkedHashMap<>();
        List<String> labels = List.copyOf(shape.getLabels().keySet());
        if (!labels.isEmpty() && random.nextBoolean()) {
            String label = labels.get(random.nextInt(labels.size()));
            requirements.put(label, shape.getLabels().get(label));
        }
        // Most start within two days (books that take nearly all of them); one in five within the first three
        // hours, where the books fill and requests are counter-offered.
        long earliest = now + MINUTE * random.nextLong(random.nextInt(5) == 0 ? 3 * 60 : 2 * 24 * 60);
        return CoAllocationRequest.newBuilder()
                .setRequestId("warmup-" + k)
                .setUser(USER)
                .setDurationMillis(MINUTE * (1 + random.nextInt(60)))
                .setResourceCount(n)
                .setEarliestStart(Instant.ofEpochMilli(earliest))
                .setLatestStart(Instant.ofEpochMilli(earliest + MINUTE * random.nextLong(3 * 60)))
                .setMinimums(minimums)
                .setTotals(totals)
                .setRequirements(requirements)
                .setSubmittedAt(Instant.ofEpochMilli(now))
                .build();
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        thread.join(15_000);
    }
}
