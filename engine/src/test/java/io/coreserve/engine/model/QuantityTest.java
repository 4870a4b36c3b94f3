package io.coreserve.engine.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QuantityTest {

    @Test
    void shouldIgnoreBinaryNoiseWhenRoundingRequirementsUp() {
        assertThat(Quantity.toMicrosAtLeast(0.1 + 0.2)).isEqualTo(300_000L);
    }

    @Test
    void shouldRoundRequirementsUpToTheNextMicroUnit() {
        // 1.0000005 units is 1 000 000.5 micro-units; a requirement never rounds down.
        assertThat(Quantity.toMicrosAtLeast(1.0000005)).isEqualTo(1_000_001L);
    }

    @Test
    void shouldRoundCapacitiesToTheNearestMicroUnit() {
        assertThat(Quantity.toMicros(2.68)).isEqualTo(2_680_000L);
        assertThat(Quantity.toUnits(2_680_000L)).isEqualTo(2.68);
    }
}
