package io.coreserve.engine.model;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The system's list of quantitative resource properties, the paper's P (section 2), e.g. cores, cpu_ghz,
 * memory_gb. Names are interned to indexes 0..size-1 so that capacities and timetables are flat arrays.
 */
public final class PropertySchema {

    private final List<String> names;
    private final Map<String, Integer> indexes;

    private PropertySchema(List<String> names) {
        this.names = List.copyOf(names);
        this.indexes = new HashMap<>();
        for (int i = 0; i < this.names.size(); i++) {
            if (indexes.put(Objects.requireNonNull(this.names.get(i)), i) != null) {
                throw new IllegalArgumentException("duplicate property " + this.names.get(i));
            }
        }
        if (this.names.isEmpty()) {
            throw new IllegalArgumentException("at least one quantitative property is needed");
        }
    }

    public static PropertySchema of(String... names) {
        return new PropertySchema(List.of(names));
    }

    public static PropertySchema of(List<String> names) {
        return new PropertySchema(names);
    }

    /** The index of a property, or -1 when the system has no such property. */
    public int indexOf(String name) {
        Integer index = indexes.get(name);
        return index == null ? -1 : index;
    }

    public String name(int index) {
        return names.get(index);
    }

    public int size() {
        return names.size();
    }

    public List<String> names() {
        return names;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PropertySchema other && other.names.equals(names);
    }

    @Override
    public int hashCode() {
        return names.hashCode();
    }

    @Override
    public String toString() {
        return "PropertySchema" + names;
    }
}
