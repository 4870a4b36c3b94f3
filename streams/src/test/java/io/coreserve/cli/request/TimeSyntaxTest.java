package io.coreserve.cli.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class TimeSyntaxTest {

    @ParameterizedTest
    @CsvSource({"2h,7200", "1h30m,5400", "90m,5400", "45s,45", "1d,86400", "02:00:00,7200", "1-01:00,90000",
            "PT2H,7200", "120,7200"})
    void shouldReadDurationsAsPeopleTypeThem(String text, long seconds) {
        assertThat(TimeSyntax.duration(text)).isEqualTo(Duration.ofSeconds(seconds));
    }

    @Test
    void shouldRejectNonsenseDurationSayingWhatWorks() {
        assertThatThrownBy(() -> TimeSyntax.duration("soon")).hasMessageContaining("2h");
    }

    @Test
    void shouldReadAbsoluteRelativeAndEpochInstants() {
        Instant now = Instant.parse("2026-11-21T10:00:00Z");

        assertThat(TimeSyntax.instant("now", now)).isEqualTo(now);
        assertThat(TimeSyntax.instant("+1h30m", now)).isEqualTo(Instant.parse("2026-11-21T11:30:00Z"));
        assertThat(TimeSyntax.instant("2026-11-22T00:00:00Z", now)).isEqualTo(Instant.parse("2026-11-22T00:00:00Z"));
        assertThat(TimeSyntax.instant("1000", now)).isEqualTo(Instant.ofEpochMilli(1000));
    }
}
