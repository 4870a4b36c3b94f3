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
        int count = 0;
        for (int k = 0; k < population.size(); k++) {
            int resource = population.get(k);
            if (matches(catalogue, request, resource)) {
                matches[count++] = resource;
            }
        }
        Arrays.sort(matches, 0, count);
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
