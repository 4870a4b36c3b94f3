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

    @Test
    void theSrlSettingsBecomeThePlannersConfig() {
        var defaults = ReservationSettings.from(CoreserveConfig.of(Map.of())).srl();
        var set = ReservationSettings.from(CoreserveConfig.of(Map.of(Settings.SRL_GRID, "PT1H",
                Settings.SRL_MAX_CANDIDATES_PER_PART, "100", Settings.SRL_MAX_PARTS, "5",
                Settings.SRL_DETERMINISTIC_TIME, "0.5", Settings.SRL_BOOKING_RETRIES, "7",
                Settings.SRL_NORMALISATION, "Paper", CoreserveConfig.HORIZON, "PT48H"))).srl();

        assertThat(defaults).isEqualTo(new io.coreserve.engine.srl.SrlConfig(900_000L, 4096, 32, 5.0, 3,
                io.coreserve.engine.srl.SrlConfig.Normalisation.RANGE, 86_400_000L));
        assertThat(set).isEqualTo(new io.coreserve.engine.srl.SrlConfig(3_600_000L, 100, 5, 0.5, 7,
                io.coreserve.engine.srl.SrlConfig.Normalisation.PAPER, 172_800_000L));
        assertThatThrownBy(() -> CoreserveConfig.of(Map.of(Settings.SRL_BOOKING_RETRIES, "0")))
                .hasMessageContaining(Settings.SRL_BOOKING_RETRIES);
    }
}
