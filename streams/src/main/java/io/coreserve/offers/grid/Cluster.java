package io.coreserve.offers.grid;

/**
 * A resource provider's cluster: {@code processors} identical processors of {@code mips} million
 * instructions per second each.
 */
public record Cluster(String name, int processors, long mips) {

    public Cluster {
        if (name == null || name.isBlank() || name.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("cluster name must be one non-blank word: '" + name + "'");
        }
        if (processors <= 0 || mips <= 0) {
            throw new IllegalArgumentException("cluster " + name + " needs positive processors and MIPS");
        }
    }
}
