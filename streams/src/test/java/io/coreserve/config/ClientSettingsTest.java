package io.coreserve.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

class ClientSettingsTest {

    @Test
    void shouldGiveAnAdminClientItCanStartWithWhenTheConfigurationSetsALongRequestTimeout() {
        CoreserveConfig config = CoreserveConfig.of(Map.of(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:1",
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "30000"));

        var settings = ClientSettings.admin(config);

        assertThat(settings.getProperty(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG)).isEqualTo("30000");
        try (Admin admin = Admin.create(settings)) {
            assertThat(admin).isNotNull();
            admin.close(Duration.ZERO);
        }
    }

    @Test
    void shouldGiveUpOnASilentBrokerInSecondsByDefault() {
        CoreserveConfig config = CoreserveConfig.of(Map.of(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:1"));

        var settings = ClientSettings.admin(config);

        assertThat(settings.getProperty(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG))
                .isEqualTo(Long.toString(ClientSettings.UNREACHABLE_AFTER.toMillis()));
        assertThat(settings.getProperty(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG))
                .isEqualTo(Long.toString(ClientSettings.UNREACHABLE_AFTER.toMillis()));
    }
}
