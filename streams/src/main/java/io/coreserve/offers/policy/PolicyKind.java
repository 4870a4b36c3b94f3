package io.coreserve.offers.policy;

import io.coreserve.offers.agent.ProviderAgent;

import java.util.List;
import java.util.function.Function;

/** The policies compared in seed 001, in the order its figures list them. */
public enum PolicyKind {
    COARP(CoarpPolicy::new),
    FCFS(FcfsPolicy::new),
    EASY(EasyBackfillingPolicy::new),
    FPFS(FpfsPolicy::new),
    SCOAL(ScoalPolicy::new);

    private final Function<List<ProviderAgent>, SchedulingPolicy> factory;

    PolicyKind(Function<List<ProviderAgent>, SchedulingPolicy> factory) {
        this.factory = factory;
    }

    /** A new policy over these providers; provider i must have id i. */
    public SchedulingPolicy create(List<ProviderAgent> providers) {
        for (int i = 0; i < providers.size(); i++) {
            if (providers.get(i).id() != i) {
                throw new IllegalArgumentException("provider " + i + " has id " + providers.get(i).id());
            }
        }
        return factory.apply(providers);
    }
}
