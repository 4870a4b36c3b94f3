package io.coreserve.routing;

/**
 * Record keys of the pipeline's input topics. A record is routed by its domain, so that everything of a domain
 * reaches the one stream task that holds the domain's books; but on a compacted topic the key must name what the
 * record holds, or compaction keeps one record per domain. Such keys are {@code domain + SEPARATOR + id}, and
 * {@link DomainPartitioner} routes them by their domain part. A key without a separator is a domain on its own
 * (requests, samples, and resource records written before resources were keyed by id).
 *
 * <p>The separator is the ASCII unit separator (U+001F), which the pipeline refuses in domains and ids.
 */
public final class DomainKey {

    /** Between the domain and the id in a key. */
    public static final char SEPARATOR = '\u001f';

    private DomainKey() {
    }

    /** The key of a record that holds {@code id} of {@code domain}, e.g. a resource. */
    public static String of(String domain, String id) {
        return domain + SEPARATOR + id;
    }

    /** The domain a key routes to: the part before the first separator, or the whole key; null for null. */
    public static String domainOf(String key) {
        if (key == null) {
            return null;
        }
        int at = key.indexOf(SEPARATOR);
        return at < 0 ? key : key.substring(0, at);
    }

    /** The id part of a key, or null when the key is a domain alone. */
    public static String idOf(String key) {
        if (key == null) {
            return null;
        }
        int at = key.indexOf(SEPARATOR);
        return at < 0 ? null : key.substring(at + 1);
    }
}
