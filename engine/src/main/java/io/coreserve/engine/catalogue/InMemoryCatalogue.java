package io.coreserve.engine.catalogue;

import io.coreserve.engine.model.PropertySchema;
import io.coreserve.engine.model.Quantity;
import io.coreserve.engine.model.Resource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An append-only catalogue in flat arrays: capacities as one {@code long[]} (resource-major), label sets
 * interned (resources with the same labels share one sorted {@code int[]}), and per label a posting list of
 * the resources carrying it. Not thread-safe.
 */
public final class InMemoryCatalogue implements ResourceCatalogue {

    private static final int[] NO_LABELS = new int[0];

    private final PropertySchema properties;
    private final Map<String, Integer> indexById = new HashMap<>();
    private final Map<String, Integer> labelIds = new HashMap<>();
    private final Map<List<Integer>, int[]> internedLabelSets = new HashMap<>();
    private final List<IntList> postings = new ArrayList<>();
    private String[] ids = new String[16];
    private int[][] labelsOf = new int[16][];
    private long[] capacities;
    private int size;

    public InMemoryCatalogue(PropertySchema properties) {
        this.properties = properties;
        this.capacities = new long[16 * properties.size()];
    }

    /**
     * Adds a resource and returns its index. A property the resource does not list has capacity 0.
     *
     * @throws IllegalArgumentException on a duplicate id, an unknown property or an invalid capacity
     */
    public int add(Resource resource) {
        if (indexById.containsKey(resource.id())) {
            throw new IllegalArgumentException("duplicate resource " + resource.id());
        }
        int p = properties.size();
        long[] row = new long[p];
        resource.capacities().forEach((name, amount) -> {
            int i = properties.indexOf(name);
            if (i < 0) {
                throw new IllegalArgumentException("unknown property " + name + " of " + resource.id());
            }
            if (amount == null || !Quantity.isValidAmount(amount)) {
                throw new IllegalArgumentException("invalid capacity " + amount + " of " + resource.id());
            }
            row[i] = Quantity.toMicros(amount);
        });
        int index = size;
        if (index == ids.length) {
            int capacity = ids.length * 2;
            ids = Arrays.copyOf(ids, capacity);
            labelsOf = Arrays.copyOf(labelsOf, capacity);
            capacities = Arrays.copyOf(capacities, capacity * p);
        }
        ids[index] = resource.id();
        System.arraycopy(row, 0, capacities, index * p, p);
        labelsOf[index] = internLabels(resource.labels(), index);
        indexById.put(resource.id(), index);
        size++;
        return index;
    }

    @Override
    public PropertySchema properties() {
        return properties;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public String id(int resource) {
        return ids[resource];
    }

    @Override
    public int indexOf(String id) {
        Integer index = indexById.get(id);
        return index == null ? -1 : index;
    }

    @Override
    public long capacity(int resource, int property) {
        return capacities[resource * properties.size() + property];
    }

    @Override
    public boolean hasLabels(int resource, Set<String> labels) {
        if (labels.isEmpty()) {
            // No iterator: even an empty immutable set's allocates one, and discovery asks this for every resource
            // of every request (half of the stream thread's allocation in the soak, by JFR).
            return true;
        }
        int[] own = labelsOf[resource];
        for (String label : labels) {
            Integer id = labelIds.get(label);
            if (id == null || Arrays.binarySearch(own, id) < 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public Population population(Set<String> labels) {
        IntList rarest = null;
        for (String label : labels) {
            Integer id = labelIds.get(label);
            if (id == null) {
                return EMPTY;
            }
            IntList list = postings.get(id);
            if (rarest == null || list.size < rarest.size) {
                rarest = list;
            }
        }
        if (rarest == null) {
            int all = size;
            return new Population() {
                @Override
                public int size() {
                    return all;
                }

                @Override
                public int get(int position) {
                    return position;
                }
            };
        }
        return rarest.snapshot();
    }

    private int[] internLabels(Set<String> labels, int resource) {
        if (labels.isEmpty()) {
            return NO_LABELS;
        }
        int[] sorted = new int[labels.size()];
        int n = 0;
        for (String label : labels) {
            int id = labelIds.computeIfAbsent(label, l -> {
                postings.add(new IntList());
                return postings.size() - 1;
            });
            postings.get(id).add(resource);
            sorted[n++] = id;
        }
        Arrays.sort(sorted);
        List<Integer> key = Arrays.stream(sorted).boxed().toList();
        return internedLabelSets.computeIfAbsent(key, k -> sorted);
    }

    private static final Population EMPTY = new Population() {
        @Override
        public int size() {
            return 0;
        }

        @Override
        public int get(int position) {
            throw new IndexOutOfBoundsException(position);
        }
    };

    /** A growable int array. */
    private static final class IntList {
        private int[] items = new int[8];
        private int size;

        void add(int value) {
            if (size == items.length) {
                items = Arrays.copyOf(items, size * 2);
            }
            items[size++] = value;
        }

        Population snapshot() {
            int[] view = items;
            int length = size;
            return new Population() {
                @Override
                public int size() {
                    return length;
                }

                @Override
                public int get(int position) {
                    return view[position];
                }
            };
        }
    }
}
