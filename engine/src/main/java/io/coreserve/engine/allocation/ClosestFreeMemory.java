package io.coreserve.engine.allocation;

import io.coreserve.engine.catalogue.ResourceCatalogue;
import io.coreserve.engine.timetable.TimetableView;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Where recent searches for the closest free intervals around a window proved that no set was admissible, so that
 * a later search for a request at least as demanding skips those times instead of sweeping them again.
 *
 * <p>Why: on full books most requests get a counter-offer, and the searches after and before the window sweep the
 * candidates over hours to days of books where nothing fits (seed 003's closest free intervals; 80 % of a decision
 * there). Requests of the same N overlap in what they search, and where a weaker request found nothing a stronger one
 * cannot find anything either.
 *
 * <p>Why it is exact. Request R dominates R' when both ask for the same N and labels and R asks at least as much
 * of everything: t_res, every e_i and every d_i. Then R's candidates are among R''s (as long as R''s search took
 * every matching resource, which is when it is remembered), at every t each a_ij^t for R is at most the one for R'
 * (a max over a longer window), so R's free candidates are among R''s with no more available, and a set admissible
 * for R at t is admissible for R' at t. A time is remembered only where R' proved no set admissible: fewer than N
 * candidates free, or a bound of {@link Availability} failing (section 3.4's line 5, or a sum no N candidates
 * reach), never where the greedy and its repair merely failed. Between two of R''s start-time candidates (Phase III's
 * T) availability only shrinks, so what a start time proved holds until the next one. The books may only have filled
 * since: a release (counted by {@link TimetableView#releases}) or a resource added to the catalogue forgets
 * everything. So R's search finds the same start time with the same set as it would sweeping everything, provided
 * that its choices at a start time depend on that start time alone: searches that use this memory seed their random choices per start time and skip a start
 * time as no better than a failed one only where that failure was proven ({@link CoAllocationSearch}).
 *
 * <p>The searches after and before a window are remembered and helped (each by the other too: what is remembered
 * is a set of times, whatever the order that proved it). The window's own search is not remembered, and is helped
 * only where that cannot change its decision ({@link #fewFreeIn}): where fewer than N candidates are free, it finds
 * no start time whatever it sweeps and draws nothing at random (where that holds at every time of its window, its
 * answer is NO_START_TIME_IN_WINDOW); so each search remembers apart the times it proved by fewer than N free
 * candidates (not by a bound with N or more free, which could change the window's answer or its random draws). Not
 * thread-safe, like the engine.
 */
final class ClosestFreeMemory {

    /**
     * How many searches are remembered; a later one replaces the oldest. What a search still sweeps lies mostly
     * between where the strongest weaker search it finds here stopped and its own answer, so the more searches
     * remembered, the closer that is: on saturated books 4,096 made closest-free searches about 12 % cheaper than
     * 1,024 (the engine benchmark, runs an hour apart), while 16,384 cost more to look through than they saved.
     */
    static final int DEFAULT_CAPACITY = 4096;

    private final ResourceCatalogue catalogue;
    private final TimetableView timetables;
    /**
     * Per entry (slot), the search's proofs: the times of its window where nothing was admissible and, of those, the
     * times where fewer than N candidates were free ([lo, hi] pairs, ascending; null: no entry). Its numbers are in
     * {@link #requirements}, its labels' in {@link #labelNumbers}. Two arrays rather than one of entry objects: a
     * lookup reads one of the two for each of up to hundreds of usable entries, and each object was one more cache
     * miss on the way to the times.
     */
    private final long[][] nothing;
    private final long[][] fewFree;
    /** How many entries are kept: the slots. */
    private final int capacity;
    /**
     * Per entry, what dominance compares, side by side: N, t_res, then every d_i and e_i (N = -1: no entry). A
     * search compares itself with every entry; following each entry to its request and arrays was 6 % of the
     * pipeline's stream thread on full books.
     */
    private final long[] requirements;
    /** Per entry, its requirements' {@link RequirementSignature}, read first by the scan for usable entries. */
    private final long[] signatures;
    private final int width;
    /**
     * Per entry, the number of its labels ({@link #labelNumber}; -1: no entry), compared with a lookup's side by side
     * too: following each dominated entry to its set of labels was 3 % of a decision on saturated books.
     */
    private final int[] labelNumbers;
    /** The label sets seen, numbered; at most {@link #MAX_LABEL_SETS}, then all is forgotten and numbered afresh. */
    private final Map<Set<String>, Integer> labelSets = new HashMap<>();
    static final int MAX_LABEL_SETS = 1024;
    /** What a lookup with labels never remembered compares: no entry's number (-1, none; 0 and up, numbered). */
    private static final int UNREMEMBERED_LABELS = -2;
    private long releases = TimetableView.UNCOUNTED;
    private int resources;
    /** Searches given some time to skip, and releases that made the memory forget (for tests and benchmarks). */
    private long helped;
    private long forgotten;

    ClosestFreeMemory(ResourceCatalogue catalogue, TimetableView timetables, int capacity) {
        this.catalogue = catalogue;
        this.timetables = timetables;
        this.capacity = capacity;
        this.nothing = new long[capacity][];
        this.fewFree = new long[capacity][];
        this.width = 2 + 2 * timetables.propertyCount();
        this.requirements = new long[capacity * width];
        Arrays.fill(requirements, -1L);
        this.signatures = new long[capacity];
        Arrays.fill(signatures, RequirementSignature.NONE);
        this.labelNumbers = new int[capacity];
        Arrays.fill(labelNumbers, -1);
    }

    /**
     * The times of {@code request}'s window at which a remembered search proved that nothing stronger is
     * admissible ([lo, hi] pairs, ascending, disjoint, inside the window); empty when none.
     */
    long[] nothingAdmissible(ResolvedRequest request) {
        if (!valid()) {
            return TimeIntervals.NONE;
        }
        TimeIntervals found = this.found;
        collect(request, false, found);
        helped += found.isEmpty() ? 0 : 1;
        return found.union();
    }

    /**
     * A window's own search was spared its sweep: remembered searches and its class's count proved fewer than N
     * candidates free at every time of its window ({@link #fewFreeIn}). On full books most windows that find nothing
     * are such (their sweep was a quarter of a counter-offer's cost).
     */
    void windowProven() {
        windowsProven++;
    }

    /**
     * The times of {@code request}'s window at which remembered searches proved fewer than N candidates free ([lo, hi]
     * pairs, ascending, disjoint, inside the window; the whole window when one covers it). At those times its own
     * search, however many passes it makes, finds no start time (its candidates are among every matching resource of a
     * weaker request, each no more available), so leaving them out of its sweep changes nothing it decides.
     */
    long[] fewFreeIn(ResolvedRequest request) {
        if (!valid()) {
            return TimeIntervals.NONE;
        }
        collect(request, true, few);
        return few.isEmpty() ? TimeIntervals.NONE : few.union();
    }

    /** Whether {@code intervals} ([lo, hi] pairs, ascending, disjoint) cover the request's whole window. */
    static boolean covers(long[] intervals, ResolvedRequest request) {
        return intervals.length == 2 && intervals[0] <= request.earliest() && intervals[1] >= request.latest();
    }

    /**
     * Puts into {@code into} the parts inside {@code request}'s window of what each remembered search it may use
     * proved (nothing admissible, or of that fewer than N free); true as soon as one of them covers the whole window
     * (the rest then adds nothing).
     */
    private boolean collect(ResolvedRequest request, boolean fewFreeOnly, TimeIntervals into) {
        into.clear();
        if (writes == writesAtClear) {
            return false;                                   // nothing remembered (books with room: every window)
        }
        findUsable(request);
        long[][] proofs = fewFreeOnly ? fewFree : nothing;
        for (int u = 0; u < usableCount; u++) {
            if (addInside(proofs[usable[u]], request, into)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Fills {@link #usable} with the slots of the entries {@code request} may use (same N and labels, asking no
     * more). A decision looks up the memory up to three times for the same requirements (its window, then the
     * searches after and before it), with only its own searches remembered in between: the slots found for the
     * first lookup are kept, and only the slots written since are looked at again. Scanning all the entries at every
     * lookup was a tenth of the pipeline's stream thread on full books.
     */
    private void findUsable(ResolvedRequest request) {
        long[] wanted = requirementsOf(request);
        wantedSignature = RequirementSignature.of(wanted);
        // Labels never remembered match no entry, and get no number: only what is remembered spends numbers.
        Integer known = labelSets.get(request.labels());
        int labels = known != null ? known : UNREMEMBERED_LABELS;
        long rewritten = writes - usableWrites;
        if (usableFor != null && rewritten < capacity && Arrays.equals(wanted, usableFor)
                && labels == usableLabels) {
            int kept = 0;
            for (int u = 0; u < usableCount; u++) {
                if (Math.floorMod(usable[u] - slotOf(usableWrites), capacity) >= rewritten) {
                    usable[kept++] = usable[u];         // not written since: still the entry that was usable
                }
            }
            usableCount = kept;
            for (long w = usableWrites; w < writes; w++) {
                addIfUsable(slotOf(w), wanted, labels);
            }
        } else {
            usableCount = 0;
            for (int k = 0; k < capacity; k++) {
                addIfUsable(k, wanted, labels);
            }
        }
        usableFor = wanted;
        usableLabels = labels;
        usableWrites = writes;
    }

    private void addIfUsable(int slot, long[] wanted, int labels) {
        if (labelNumbers[slot] == labels && RequirementSignature.noMoreThan(signatures[slot], wantedSignature)
                && atLeast(wanted, slot * width)) {
            if (usableCount == usable.length) {
                usable = Arrays.copyOf(usable, Math.max(16, usableCount * 2));
            }
            usable[usableCount++] = slot;
        }
    }

    /** The slot the {@code w}-th entry ever remembered went to. */
    private int slotOf(long w) {
        return (int) (w % capacity);
    }

    /** Slots of the entries the last lookup could use, for the requirements and labels it had, after which write. */
    private int[] usable = new int[0];
    /** The signature of the requirements {@link #findUsable} looks for. */
    private long wantedSignature;
    private int usableCount;
    private long[] usableFor;
    private int usableLabels;
    private long usableWrites;
    /** Entries remembered so far (the next goes to slot {@code writes % capacity}), and when all were forgotten. */
    private long writes;
    private long writesAtClear;

    /**
     * Adds the parts of {@code intervals} (ascending, disjoint) inside the request's window, found by a binary search
     * ({@link TimeIntervals#firstEndingAtOrAfter}); true when one of them covers the whole window.
     */
    private static boolean addInside(long[] intervals, ResolvedRequest request, TimeIntervals into) {
        long from = request.earliest();
        long to = request.latest();
        for (int q = TimeIntervals.firstEndingAtOrAfter(intervals, from) * 2; q < intervals.length
                && intervals[q] <= to; q += 2) {
            if (intervals[q] <= from && intervals[q + 1] >= to) {
                into.add(from, to);
                return true;
            }
            into.add(Math.max(intervals[q], from), Math.min(intervals[q + 1], to));
        }
        return false;
    }

    /** The times {@link #nothingAdmissible} collects, kept with their arrays from one lookup to the next. */
    private final TimeIntervals found = new TimeIntervals();
    private final TimeIntervals few = new TimeIntervals();

    long helped() {
        return helped;
    }

    long forgotten() {
        return forgotten;
    }

    /** Windows proven throughout ({@link #windowProven}), their sweep spared (for tests and benchmarks). */
    long windowsProven() {
        return windowsProven;
    }

    private long windowsProven;

    /**
     * Remembers a search of {@code request}'s window (after a window, every matching resource a candidate): where it
     * proved nothing admissible, and where, of that, fewer than N candidates were free.
     */
    void remember(ResolvedRequest request, long[] provenNothing, long[] provenFewFree) {
        if (capacity == 0 || provenNothing.length == 0 || !valid()) {
            return;
        }
        int labels = labelNumber(request.labels());
        int slot = slotOf(writes++);
        nothing[slot] = provenNothing;
        fewFree[slot] = provenFewFree;
        long[] numbers = requirementsOf(request);
        System.arraycopy(numbers, 0, requirements, slot * width, width);
        signatures[slot] = RequirementSignature.of(numbers);
        labelNumbers[slot] = labels;
    }

    /**
     * The number of a set of labels being remembered: the same for equal sets. One more than {@link #MAX_LABEL_SETS}
     * forgets every entry and every number (a memory is for requests that share their labels; the sets must not grow
     * without end). Lookups number nothing, so requests with ever new labels that are never searched (no resource
     * has them) cannot make the memory forget.
     */
    private int labelNumber(Set<String> labels) {
        Integer number = labelSets.get(labels);
        if (number == null) {
            if (labelSets.size() == MAX_LABEL_SETS) {
                forgetAll();
                labelSets.clear();
            }
            number = labelSets.size();
            labelSets.put(new HashSet<>(labels), number);
        }
        return number;
    }

    /**
     * Whether what is remembered still holds; forgets it all when the books may have lost some reservation or the
     * catalogue gained a resource (a candidate the remembered searches did not have).
     */
    private boolean valid() {
        long now = timetables.releases();
        if (now != releases || catalogue.size() != resources) {
            forgotten += releases == TimetableView.UNCOUNTED ? 0 : 1;
            forgetAll();
            releases = now;
            resources = catalogue.size();
        }
        return now != TimetableView.UNCOUNTED;
    }

    private void forgetAll() {
        Arrays.fill(nothing, null);
        Arrays.fill(fewFree, null);
        Arrays.fill(requirements, -1L);
        Arrays.fill(signatures, RequirementSignature.NONE);
        Arrays.fill(labelNumbers, -1);
        usableFor = null;                                   // the slots found before are empty now
        writesAtClear = writes;
    }

    /** N, t_res, every d_i and every e_i of a request, as {@link #requirements} holds them. */
    private long[] requirementsOf(ResolvedRequest r) {
        long[] out = new long[width];
        out[0] = r.count();
        out[1] = r.duration();
        int p = r.totals().length;
        System.arraycopy(r.totals(), 0, out, 2, p);
        System.arraycopy(r.perResource(), 0, out, 2 + p, p);
        return out;
    }

    /** Entry at {@code offset} has the same N as {@code wanted} and asks no more of anything (labels aside). */
    private boolean atLeast(long[] wanted, int offset) {
        if (requirements[offset] != wanted[0]) {
            return false;                                   // another N, or no entry
        }
        for (int j = 1; j < width; j++) {
            if (wanted[j] < requirements[offset + j]) {
                return false;
            }
        }
        return true;
    }

}
