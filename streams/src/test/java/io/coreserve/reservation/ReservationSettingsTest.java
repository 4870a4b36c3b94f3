package io.coreserve.reservation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Settings;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReservationSettingsTest {

    @Test
    void theCounterOfferSearchDoublesMUpToMMaxByDefault() {
        ReservationSettings settings = ReservationSettings.from(CoreserveConfig.of(Map.of()));
        assertThat(settings.counterOfferMaxM()).isEqualTo(settings.engine().mMax())
                .isGreaterThan(settings.engine().mInit());
    }

    @Test
    void aSinglePassCounterOfferSearchStopsAtMInit() {
        ReservationSettings settings = ReservationSettings.from(CoreserveConfig.of(
                Map.of(Settings.COUNTER_OFFER_SEARCH, "Single-Pass")));
        assertThat(settings.counterOfferMaxM()).isEqualTo(settings.engine().mInit());
    }

    @Test
    void anUnknownCounterOfferSearchIsRefusedAtLoad() {
        assertThatThrownBy(() -> CoreserveConfig.of(Map.of(Settings.COUNTER_OFFER_SEARCH, "fast")))
                .hasMessageContaining(Settings.COUNTER_OFFER_SEARCH);
    }
}
