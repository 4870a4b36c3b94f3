package io.coreserve.engine.allocation;

import io.coreserve.engine.catalogue.ResourceCatalogue;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The paper's Phase I: the matching resources are those with all the request's labels and p_ij >= e_i for
 * every property, regardless of timetables; when more than M * N match, a uniform random sample of M * N of
 * them is taken, seeded by the request.
 *
 * <p>So as not to scan a million resources per request, it draws from the catalogue's population for the
 * labels (the rarest label's resources) by rejection sampling: random positions, kept when they match. Only
 * when matches are rare (the draw budget runs out) or the population is small does it scan the population
 * and sample from the full list of matches.
 */
public final class RandomSampleDiscovery implements ResourceDiscovery {

    private static final long SALT = 0x5EED_D15C_0BE4L;

    @Override
    public int[] discover(ResourceCatalogue catalogue, ResolvedRequest request, int wanted) {
        ResourceCatalogue.Population population = catalogue.population(request.labels());
        int size = population.size();
        SplittableRandom random = new SplittableRandom(request.seed() ^ SALT);
        if (size > 4L * wanted + 64) {
            int[] found = new int[Math.min(wanted, size)];
            int count = 0;
            Set<Integer> seen = new HashSet<>();
            long budget = 16L * wanted + 256;
            for (long draw = 0; draw < budget && count < wanted; draw++) {
                int resource = population.get(random.nextInt(size));
                if (seen.add(resource) && matches(catalogue, request, resource)) {
                    found[count++] = resource;
                }
            }
            if (count < wanted) {
                return scanAndSample(catalogue, request, population, wanted, random);
            }
            Arrays.sort(found);
            return found;
        }
        return scanAndSample(catalogue, request, population, wanted, random);
    }

    /**
     * The matches of the last scan, and the last answer, kept for the next scan: on full books a decision runs three
     * searches over the same few hundred matching resources, and each allocated the list twice. An answer equal to
     * the last one is that same array (callers do not change it). Not thread-safe, like the engine that owns this.
     */
    private int[] matches = new int[0];
    private int[] lastAnswer;

    /** All matches of the population; a seeded partial Fisher-Yates sample of them when more than wanted. */
    private int[] scanAndSample(ResourceCatalogue catalogue, ResolvedRequest request,
            ResourceCatalogue.Population population, int wanted, SplittableRandom random) {
        if (matches.length < population.size()) {
            matches = new int[population.size()];
        }
        int[] matches = this.matches;
        int count = scanned.matchesOf(catalogue, request, population, matches);
        if (count > wanted) {
            for (int k = 0; k < wanted; k++) {
                int other = k + random.nextInt(count - k);
                int swap = matches[k];
                matches[k] = matches[other];
                matches[other] = swap;
            }
            count = wanted;
        }
        Arrays.sort(matches, 0, count);
        if (lastAnswer != null && Arrays.equals(matches, 0, count, lastAnswer, 0, lastAnswer.length)) {
            return lastAnswer;
        }
        lastAnswer = Arrays.copyOf(matches, count);
        return lastAnswer;
    }

    private final LastScan scanned = new LastScan();

    /**
     * The sorted matches of the last population scanned, for the same labels and minimums: a decision's three searches
     * (its window, then after and before it) ask for them three times, and scanning ~600 resources each time was 2 %
     * of the pipeline's stream thread on full books (perf). The catalogue only grows (resources are added, never
     * changed in place), so the same catalogue at the same size has the same matches.
     */
    private static final class LastScan {
        private ResourceCatalogue catalogue;
        private int catalogueSize = -1;
        private Set<String> labels;
        private long[] minimums;
        private int populationSize = -1;
        private int[] found = new int[0];
        private int count;

        /** Fills {@code into} with the population's matches, sorted; answers how many. */
        int matchesOf(ResourceCatalogue catalogue, ResolvedRequest request, ResourceCatalogue.Population population,
                int[] into) {
            if (catalogue != this.catalogue || catalogue.size() != catalogueSize || population.size() != populationSize
                    || !Arrays.equals(request.perResource(), minimums) || !request.labels().equals(labels)) {
                count = 0;
                for (int k = 0; k < population.size(); k++) {
                    int resource = population.get(k);
                    if (matches(catalogue, request, resource)) {
                        into[count++] = resource;
                    }
                }
                Arrays.sort(into, 0, count);
                if (found.length < count) {
                    found = new int[into.length];
                }
                System.arraycopy(into, 0, found, 0, count);
                this.catalogue = catalogue;
                catalogueSize = catalogue.size();
                populationSize = population.size();
                if (minimums == null || minimums.length != request.perResource().length) {
                    minimums = new long[request.perResource().length];
                }
                System.arraycopy(request.perResource(), 0, minimums, 0, minimums.length);
                if (!request.labels().equals(labels)) {
                    labels = new HashSet<>(request.labels());
                }
                return count;
            }
            System.arraycopy(found, 0, into, 0, count);
            return count;
        }
    }

    /** Qualitative requirements and p_ij >= e_i for all properties (section 3.1). */
    static boolean matches(ResourceCatalogue catalogue, ResolvedRequest request, int resource) {
        long[] e = request.perResource();
        for (int i = 0; i < e.length; i++) {
            if (catalogue.capacity(resource, i) < e[i]) {
                return false;
            }
        }
        return catalogue.hasLabels(resource, request.labels());
    }
}
