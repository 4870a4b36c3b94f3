package io.coreserve.engine.srl;

import java.util.Locale;

/**
 * SRL's QOS.type values (paper section 4.2). Compute and visualise parts are served by nodes, network parts by
 * links between two endpoints, storage parts by storage resources; a resource's {@code type=} label says which
 * (no label: compute).
 */
public enum PartType {
    COMPUTE, NETWORK, STORAGE, VISUALIZE;

    /** The label value, e.g. {@code network}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The type of a QOS.type value, or null when SRL has no such type. */
    public static PartType of(String value) {
        for (PartType type : values()) {
            if (type.label().equals(value)) {
                return type;
            }
        }
        return null;
    }
}
