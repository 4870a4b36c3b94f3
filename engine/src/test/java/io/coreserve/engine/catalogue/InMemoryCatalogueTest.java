package io.coreserve.engine.catalogue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.coreserve.engine.model.PropertySchema;
import io.coreserve.engine.model.Resource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class InMemoryCatalogueTest {

    private final InMemoryCatalogue catalogue = new InMemoryCatalogue(PropertySchema.of("cores", "memory_gb"));

    @Test
    void shouldStoreCapacitiesInMicroUnitsAndZeroForMissingProperties() {
        int index = catalogue.add(new Resource("n1", Map.of("cores", 4.0)));
        assertThat(catalogue.capacity(index, 0)).isEqualTo(4_000_000L);
        assertThat(catalogue.capacity(index, 1)).isZero();
        assertThat(catalogue.indexOf("n1")).isEqualTo(index);
        assertThat(catalogue.indexOf("unknown")).isEqualTo(-1);
    }

    @Test
    void shouldDrawCandidatesFromTheRarestLabel() {
        for (int k = 0; k < 10; k++) {
            catalogue.add(new Resource("n" + k, Map.of("cores", 1.0),
                    k < 3 ? Set.of("arch=amd64", "gpu") : Set.of("arch=amd64")));
        }
        ResourceCatalogue.Population population = catalogue.population(Set.of("arch=amd64", "gpu"));
        List<Integer> members = new ArrayList<>();
        for (int k = 0; k < population.size(); k++) {
            members.add(population.get(k));
        }
        assertThat(members).containsExactly(0, 1, 2);
        assertThat(catalogue.population(Set.of()).size()).isEqualTo(10);
        assertThat(catalogue.population(Set.of("nobody-has-this")).size()).isZero();
        assertThat(catalogue.hasLabels(1, Set.of("gpu", "arch=amd64"))).isTrue();
        assertThat(catalogue.hasLabels(5, Set.of("gpu"))).isFalse();
    }

    @Test
    void shouldRefuseAnUnknownPropertyOrADuplicateId() {
        catalogue.add(new Resource("n1", Map.of("cores", 1.0)));
        assertThatThrownBy(() -> catalogue.add(new Resource("n1", Map.of("cores", 1.0))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> catalogue.add(new Resource("n2", Map.of("disk", 1.0))))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
