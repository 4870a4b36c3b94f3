package io.coreserve.engine.vgrid.vgdl;

import java.util.Locale;
import java.util.Optional;

/**
 * The attributes a vgDL constraint or rank may name (spec 004 section 2.2), case-insensitive. Host attributes
 * are static (from the catalogue) or dynamic (free capacity); aggregate attributes describe a selection as a
 * whole and may appear only in an aggregate's rank.
 */
public enum Attribute {
    PROCESSOR("Processor", true, false),
    ARCH("Arch", true, false),
    CLOCK("Clock", false, false),
    MEMORY("Memory", false, false),
    DISK("Disk", false, false),
    CORES("Cores", false, false),
    FREE_CORES("FreeCores", false, false),
    FREE_MEMORY("FreeMemory", false, false),
    NODES("Nodes", false, true),
    CLUSTERS("Clusters", false, true);

    private final String vgdlName;
    private final boolean label;
    private final boolean aggregate;

    Attribute(String vgdlName, boolean label, boolean aggregate) {
        this.vgdlName = vgdlName;
        this.label = label;
        this.aggregate = aggregate;
    }

    public String vgdlName() {
        return vgdlName;
    }

    /** A label (compared as a string with == or !=), otherwise a number. */
    public boolean isLabel() {
        return label;
    }

    /** Describes an aggregate (its size), not a host. */
    public boolean isAggregate() {
        return aggregate;
    }

    public static Optional<Attribute> byName(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        for (Attribute a : values()) {
            if (a.vgdlName.toLowerCase(Locale.ROOT).equals(lower)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }
}
