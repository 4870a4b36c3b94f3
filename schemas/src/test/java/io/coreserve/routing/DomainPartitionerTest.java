package io.coreserve.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.junit.jupiter.api.Test;

class DomainPartitionerTest {

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void shouldRouteADomainAndIdKeyWhereTheDefaultPartitionerRoutesTheDomain() {
        for (String domain : List.of("default", "east", "planetlab", "sité-é", "a")) {
            for (int partitions : new int[] {1, 2, 3, 12, 50}) {
                int ofDomain = BuiltInPartitioner.partitionForKey(utf8(domain), partitions);
                for (String id : List.of("node-0001", "host.example.org", "x")) {
                    assertThat(DomainPartitioner.partition(utf8(DomainKey.of(domain, id)), partitions))
                            .as("%s / %s over %d", domain, id, partitions).isEqualTo(ofDomain);
                }
            }
        }
    }

    @Test
    void shouldRouteAKeyWithoutSeparatorExactlyAsTheDefaultPartitioner() {
        for (String key : List.of("default", "r-17", "east")) {
            assertThat(DomainPartitioner.partition(utf8(key), 7)).isEqualTo(BuiltInPartitioner.partitionForKey(utf8(key), 7));
        }
    }

    @Test
    void shouldSplitKeysIntoDomainAndId() {
        String key = DomainKey.of("east", "node-1");

        assertThat(DomainKey.domainOf(key)).isEqualTo("east");
        assertThat(DomainKey.idOf(key)).isEqualTo("node-1");
        assertThat(DomainKey.domainOf("east")).isEqualTo("east");
        assertThat(DomainKey.idOf("east")).isNull();
        assertThat(DomainKey.domainOf(null)).isNull();
    }
}
