package io.coreserve.engine.srl;

/**
 * What a domain can reserve, by kind (paper section 3, step 2: the GRS contacts "the right local reservation
 * service for each type of resource"). A kind the domain does not have is null.
 */
public record Inventory(ResourcePool nodes, ResourcePool links, ResourcePool storage) {

    /** The pool that serves parts of a type. */
    public ResourcePool poolFor(PartType type) {
        return switch (type) {
            case COMPUTE, VISUALIZE -> nodes;
            case NETWORK -> links;
            case STORAGE -> storage;
        };
    }
}
