package io.coreserve.engine.allocation;

import io.coreserve.engine.catalogue.ResourceCatalogue;
import io.coreserve.engine.timetable.TimetableView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Phases I to V of section 3 for one request, without booking: passes with M = M_init, 2 M_init, ... while
 * M <= M_max, each pass running discovery (I), examination (II), start-time candidates (III), the admissible
 * set (IV) and the optimisation (V). A pass that fails doubles M and goes back to Phase I; the request is
 * rejected when M exceeds M_max or Phase I returns the same R_job again.
 */
final class CoAllocationSearch {

    private final ResourceCatalogue catalogue;
    private final TimetableView timetables;
    private final EngineConfig config;
    private final ResourceDiscovery discovery;
    /** Phase III's working arrays, kept between requests so that they are not grown again each time. */
    private final StartTimeCandidates phaseThree = new StartTimeCandidates();
    /** R_job and R_a of the current pass, refilled rather than allocated again (see {@link CandidateSet}). */
    private final CandidateSet candidates;
    private final Availability availability;
    private final FailedStart failedStart = new FailedStart();
    /** Phase V of the IMPROVED variant, its working arrays kept between requests. */
    private final BestImprovementOptimiser optimiser = new BestImprovementOptimiser();
    /** Phase II's last answer, for the next search of the same request over the same candidates. */
    private final LastExamination examined = new LastExamination();

    /** The first stretch of a window that Phases III and IV take at once (see {@link WindowStretches}). */
    private final long firstStretch;

    CoAllocationSearch(ResourceCatalogue catalogue, TimetableView timetables, EngineConfig config,
            ResourceDiscovery discovery) {
        this(catalogue, timetables, config, discovery, WindowStretches.FIRST);
    }

    /** With the window's first stretch of {@code firstStretch} (Long.MAX_VALUE: the whole window at once). */
    CoAllocationSearch(ResourceCatalogue catalogue, TimetableView timetables, EngineConfig config,
            ResourceDiscovery discovery, long firstStretch) {
        this.firstStretch = firstStretch;
        this.catalogue = catalogue;
        this.timetables = timetables;
        this.config = config;
        this.discovery = discovery;
        this.candidates = new CandidateSet(catalogue, new int[0]);
        this.availability = new Availability(catalogue.properties().size());
    }

    /** The outcome and the M of the pass that produced it. */
    record Result(Outcome outcome, int m) {
    }

    Result run(ResolvedRequest request, SearchOrder order, int startM) {
        return run(request, order, startM, config.mMax());
    }

    /** Passes with M from {@code startM} while M <= {@code maxM}. */
    Result run(ResolvedRequest request, SearchOrder order, int startM, int maxM) {
        return run(request, order, startM, maxM, null);
    }

    /**
     * As {@link #run(ResolvedRequest, SearchOrder, int, int)}, skipping the times at which {@code memory} knows that
     * nothing is admissible and telling it where this search proved nothing admissible (null: no memory). Such a
     * search's choices at a start time depend on that start time alone (see {@link ClosestFreeMemory}): its random
     * draws are seeded per start time, and a start time is skipped as no better than a failed one only where that
     * failure was proven.
     */
    Result run(ResolvedRequest request, SearchOrder order, int startM, int maxM, ClosestFreeMemory memory) {
        return run(request, order, startM, maxM, memory, false, TimeIntervals.NONE);
    }

    /**
     * As {@link #run(ResolvedRequest, SearchOrder, int, int, ClosestFreeMemory)}, skipping also the times of
     * {@code fewFree} ([lo, hi] pairs, ascending, disjoint), at which fewer than N of its candidates are known to be
     * free ({@link FewFreeClasses}).
     */
    Result run(ResolvedRequest request, SearchOrder order, int startM, int maxM, ClosestFreeMemory memory,
            long[] fewFree) {
        return run(request, order, startM, maxM, memory, false, fewFree);
    }

    /**
     * A window's own search (no memory to skip by or to tell), leaving out the times at which fewer than N candidates
     * are known to be free: those {@code proofs} proved ({@link ClosestFreeMemory#fewFreeIn}) and {@code classFewFree}
     * ([lo, hi] pairs, ascending, disjoint: the request's class's count, {@link FewFreeClasses#counted}). At such a
     * time R_a has fewer than N members (section 3.4, line 5), so the sweep finds no start time there and Phase IV
     * draws nothing: the passes reach the same answer, with the same reason and message, and only the statistics of
     * Phases III and IV differ. When those times cover the whole window, each pass reaches the NO_START_TIME_IN_WINDOW
     * its sweep would, after Phases I and II (whose answers come first), without sweeping. Null proofs: none.
     */
    Result runWindow(ResolvedRequest request, int startM, int maxM, ClosestFreeMemory proofs, long[] classFewFree) {
        long[] few = proofs == null ? TimeIntervals.NONE : proofs.fewFreeIn(request);
        if (classFewFree.length > 0) {
            few = TimeIntervals.joinWithin(few, classFewFree, request.earliest(), request.latest(), windowFew);
        }
        boolean throughout = ClosestFreeMemory.covers(few, request);
        if (throughout && proofs != null) {
            proofs.windowProven();
        }
        long[] skipped = throughout ? TimeIntervals.NONE : few;
        return run(request, SearchOrder.EARLIEST, startM, maxM, null, throughout, skipped);
    }

    private final TimeIntervals windowFew = new TimeIntervals();

    private Result run(ResolvedRequest request, SearchOrder order, int startM, int maxM, ClosestFreeMemory memory,
            boolean fewFreeThroughout, long[] fewFree) {
        long[] remembered = memory != null ? memory.nothingAdmissible(request) : NOTHING;
        // The proof below is told only what the memory proved: the class's times need no care (see NothingAdmissible:
        // after them, as after any time with fewer than N free, the free count is no more than there until the
        // next start time), and it proves them again as times the search passed without a start time.
        long[] skipped = fewFree.length == 0 ? remembered
                : TimeIntervals.joinWithin(remembered, fewFree, request.earliest(), request.latest(), joined);
        phaseThree.exclude(skipped);
        long begin = System.nanoTime();
        Counters counters = new Counters();
        SplittableRandom random = new SplittableRandom(request.seed());
        int n = request.count();
        int[] previous = null;
        RejectionReason reason = null;
        String message = null;
        for (int m = startM; m <= maxM; m = m <= Integer.MAX_VALUE / 2 ? m * 2 : Integer.MAX_VALUE) {
            counters.passes++;
            // Phase I: M * N candidates (IMPROVED: all matching ones up to the pool size).
            long t = System.nanoTime();
            int wanted = (int) Math.min((long) m * n, Integer.MAX_VALUE);
            if (config.algorithm() == Algorithm.EXACT) {
                wanted = Integer.MAX_VALUE;                                // every matching resource
            } else if (config.algorithm() == Algorithm.IMPROVED) {
                wanted = Math.max(wanted, config.improvedPool());
            }
            int[] resources = discovery.discover(catalogue, request, wanted);
            counters.discoveryNanos += System.nanoTime() - t;
            counters.candidates = resources.length;
            if (resources.length < n) {
                return reject(request, reason != null ? reason : RejectionReason.NO_MATCHING_RESOURCES,
                        message != null ? message : "only " + resources.length + " resources match the labels"
                                + " and minimums, " + n + " needed", counters, begin, m);
            }
            if (previous != null && Arrays.equals(previous, resources)) {
                break; // Phase I found the same R_job again: a larger M cannot help.
            }
            previous = resources;
            CandidateSet candidates = this.candidates.refill(catalogue, resources);

            // Phase II.
            t = System.nanoTime();
            int unreachable = examined.unreachableProperty(catalogue, resources, candidates, request);
            counters.examinationNanos += System.nanoTime() - t;
            if (unreachable >= 0) {
                reason = RejectionReason.TOTALS_UNREACHABLE;
                message = "the " + n + " largest of " + resources.length + " candidates cannot reach the total of "
                        + catalogue.properties().name(unreachable);
                if (m > Integer.MAX_VALUE / 2) {
                    break;
                }
                continue;
            }

            // Phases III and IV, stretch by stretch of the window in the search order: the same start times in the
            // same order as one sweep of the whole window, but a search that succeeds early (most do, and a
            // closest-free search over days usually within hours) sweeps only the stretches it reached.
            // Remembered: a single pass over every matching resource (a later pass would find the same R_job).
            NothingAdmissible proof = memory != null && m == startM && resources.length < wanted
                    ? new NothingAdmissible(request.earliest(), request.latest(), order, remembered)
                    : null;
            boolean enoughFree = false;
            Selection found = null;
            FailedStart failed = config.algorithm().improvedPhases() ? failedStart.reset() : null;
            int startTimeCount = 0;
            int enoughFreeCount = 0;                   // start times with |R_a| >= N, what Phase IV judged
            // Stretches measured in the window's live times (see WindowStretches): the same start times in the same
            // order, in fewer stretches where most of the window is dead.
            long[] live = fewFreeThroughout || firstStretch == Long.MAX_VALUE || request.earliest() > request.latest()
                    ? null : phaseThree.liveTimes(timetables, candidates, request, order);
            for (WindowStretches stretches = new WindowStretches(request, order, firstStretch, live); found == null
                    && !fewFreeThroughout && stretches.next(); ) {
                t = System.nanoTime();
                long[] startTimes = phaseThree.find(timetables, candidates, request, order, stretches.from(),
                        stretches.to());
                counters.startTimesNanos += System.nanoTime() - t;
                startTimeCount += startTimes.length;
                if (proof != null) {
                    proof.fewFree(phaseThree.fewFreeTimes());
                }

                t = System.nanoTime();
                for (long start : startTimes) {
                    counters.startTimesTried++;
                    if (proof != null) {
                        proof.startTime(start);
                    }
                    availability.fill(phaseThree, candidates, request, start);
                    if (availability.size < n) {
                        continue;                                              // line 5: R_s empty
                    }
                    if (proof != null) {
                        proof.enoughFree(start);
                    }
                    enoughFree = true;
                    enoughFreeCount++;
                    if (failed != null && failed.dominates(availability)) {
                        continue;                                              // no better than a failed one
                    }
                    if (memory != null) {
                        random = new SplittableRandom(request.seed() ^ start * 0x9E3779B97F4A7C15L);
                    }
                    found = select(availability, request, random, counters);
                    if (found != null) {
                        break;                                                 // line 10: go to Phase V
                    }
                    if (!proven && proof != null) {
                        proof.unproven(start);
                    }
                    if (failed != null && (proven || memory == null)) {
                        failed.record(availability);
                    }
                }
                counters.selectionNanos += System.nanoTime() - t;
            }
            counters.startTimeCandidates = startTimeCount;
            if (proof != null) {
                long[] proven = proof.provenUntil(found != null ? found.availability.start : null);
                memory.remember(request, proven, proof.fewFreeUntil(proven));
            }
            if (found != null) {
                // Phase V.
                t = System.nanoTime();
                if (config.algorithm().improvedPhases()) {
                    optimiser.run(found, config.l2(), counters);
                } else {
                    RandomSwapOptimiser.run(found, config.l2(), random, counters);
                }
                Optimality optimality = null;
                if (config.algorithm() == Algorithm.EXACT) {
                    ExactImprovement.Improved exact = ExactImprovement.run(found, request, config.exactBudget());
                    found = exact.selection();
                    optimality = exact.optimality();
                }
                counters.optimisationNanos += System.nanoTime() - t;
                Plan plan = toPlan(request, candidates, found, counters.toStats(System.nanoTime() - begin),
                        optimality);
                return new Result(plan, m);
            }
            if (enoughFree) {
                reason = RejectionReason.NO_ADMISSIBLE_SET;
                message = "no set of " + n + " free candidates reaches every total at any of the " + enoughFreeCount
                        + " start times with " + n + " or more free";
            } else {
                reason = RejectionReason.NO_START_TIME_IN_WINDOW;
                message = "at no start time in the window are " + n + " of " + resources.length
                        + " candidates free enough for the whole duration";
            }
            if (m > Integer.MAX_VALUE / 2) {
                break;                                                     // line 13: M = 2M overflows
            }
        }
        return reject(request, reason, message, counters, begin, maxM);
    }

    private static final long[] NOTHING = new long[0];
    private final TimeIntervals joined = new TimeIntervals();

    /** Whether the last {@link #select} that found nothing proved that nothing is admissible (a bound failed). */
    private boolean proven;

    /** Phase IV, lines 4-11, at one start time: an admissible R_s or null. */
    private Selection select(Availability availability, ResolvedRequest request, SplittableRandom random,
            Counters counters) {
        int n = request.count();
        proven = true;
        // A shortcut, not a change of the algorithm: when even the N largest a_ij^t of R_a cannot reach some
        // d_i, no R_s can, so SelectAndSwap could only fail here whatever its random draws.
        if (!availability.largestCanReach(request)) {
            return null;
        }
        if (config.algorithm().improvedPhases()) {
            if (!availability.jointlyCanReach(request)) {
                return null;                                   // as above, for several properties at once
            }
            proven = false;
            Selection greedy = GreedySelection.run(availability, request, config.l1(), counters);
            if (greedy.admissible()) {
                return greedy;
            }
            for (int r = 0; r < config.improvedRestarts(); r++) {
                Selection s = SelectAndSwap.run(availability, request, config.l1(), random, counters);
                if (s.admissible()) {
                    return s;
                }
            }
            return null;
        }
        proven = false;
        Selection s;
        if (availability.size == n) {
            s = Selection.none(availability, request);                     // line 6: R_s = R_a
            while (s.restCount > 0) {
                s.choose(s.restCount - 1);
            }
        } else {
            s = SelectAndSwap.run(availability, request, config.l1(), random, counters); // line 7
        }
        return s.admissible() ? s : null;                                  // line 9
    }

    private Plan toPlan(ResolvedRequest request, CandidateSet candidates, Selection s, SearchStats stats,
            Optimality optimality) {
        Availability availability = s.availability;
        long start = availability.start;
        long end = start + request.duration();
        long[][] amounts = ProportionalSplit.amounts(s, request);          // Phase VI split
        int p = candidates.properties;
        double[] reservedAfter = new double[p];
        double[] capacity = new double[p];
        long[] now = new long[p];
        List<Assignment> assignments = new ArrayList<>(s.chosenCount);
        for (int k = 0; k < s.chosenCount; k++) {
            int member = s.chosen[k];
            int resource = candidates.resources[availability.candidate[member]];
            assignments.add(new Assignment(resource, catalogue.id(resource), amounts[k]));
            timetables.maxReserved(resource, start, start + 1, now);
            for (int i = 0; i < p; i++) {
                reservedAfter[i] += now[i] + amounts[k][i];
                capacity[i] += availability.capacity[member * p + i];
            }
        }
        assignments.sort(Comparator.comparingInt(Assignment::resource));
        double utilisation = 1;                                            // eq. (1) and (2) at t_s
        for (int i = 0; i < p; i++) {
            utilisation *= reservedAfter[i] / capacity[i];
        }
        return new Plan(request.requestId(), start, end, assignments, utilisation, s.estimate(),
                config.algorithm(), stats, optimality);
    }

    private static Result reject(ResolvedRequest request, RejectionReason reason, String message, Counters counters,
            long begin, int m) {
        SearchStats stats = counters.toStats(System.nanoTime() - begin);
        return new Result(new Rejection(request.requestId(), reason, null, null, message, stats), m);
    }
}
