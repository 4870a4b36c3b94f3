package io.coreserve.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.CompactionStyle;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.Statistics;
import org.rocksdb.TickerType;

/**
 * Gets of keys a store does not hold are answered by a filter once the data lies in the last level, as a new request's
 * id is in the decisions store on full books; with Kafka Streams' own options (filters skipped there for hits) they
 * are not. A real RocksDB, the options Kafka Streams gives its stores (universal compaction, a Bloom filter,
 * optimize_filters_for_hits), then {@link LookupFilters} as the application configures it.
 */
class LookupFiltersTest {

    private static final int KEYS = 20_000;
    private static final int MISSES = 2_000;

    @TempDir
    Path dir;

    @Test
    void shouldAnswerMissesInTheLastLevelFromAFilter() throws Exception {
        assertThat(usefulFilterChecks(dir.resolve("filtered"), true)).as("misses a filter answered")
                .isGreaterThan(MISSES * 9L / 10);
    }

    @Test
    void kafkaStreamsOwnOptionsReadTheLastLevelForEveryMiss() throws Exception {
        assertThat(usefulFilterChecks(dir.resolve("as-kafka-streams"), false)).isZero();
    }

    @Test
    void theApplicationConfiguresTheFilters() {
        CoreserveConfig config = CoreserveConfig.of(Map.of(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:9092"));
        assertThat(config.streamsProperties().getProperty(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG))
                .isEqualTo(LookupFilters.class.getName());
        try (Options options = new Options()) {
            new LookupFilters().setConfig("decisions", options, Map.of());
            assertThat(options.optimizeFiltersForHits()).isFalse();
            assertThat(options.memtableWholeKeyFiltering()).isTrue();
            assertThat(options.memtablePrefixBloomSizeRatio()).isPositive();
        }
    }

    /** Writes keys, compacts them into the last level, looks up absent keys: the misses a Bloom filter answered. */
    private static long usefulFilterChecks(Path path, boolean withLookupFilters) throws Exception {
        RocksDB.loadLibrary();
        try (Statistics statistics = new Statistics(); BloomFilter bloom = new BloomFilter();
                Options options = new Options()) {
            BlockBasedTableConfig table = new BlockBasedTableConfig();
            table.setFilterPolicy(bloom);
            options.setCreateIfMissing(true).setCompactionStyle(CompactionStyle.UNIVERSAL)
                    .setOptimizeFiltersForHits(true).setTableFormatConfig(table).setStatistics(statistics);
            if (withLookupFilters) {
                new LookupFilters().setConfig("decisions", options, Map.of());
            }
            try (RocksDB db = RocksDB.open(options, path.toString())) {
                for (int k = 0; k < KEYS; k += 2) {               // even ids held, odd ones asked: in the file's range
                    db.put(key(k), bytes("decision " + k));
                }
                db.compactRange();
                long before = statistics.getTickerCount(TickerType.BLOOM_FILTER_USEFUL);
                for (int k = 0; k < MISSES; k++) {
                    assertThat(db.get(key(2 * k + 1))).isNull();
                }
                assertThat(db.get(key(8))).isEqualTo(bytes("decision 8"));
                return statistics.getTickerCount(TickerType.BLOOM_FILTER_USEFUL) - before;
            }
        }
    }

    private static byte[] key(int id) {
        return bytes(String.format("alice/request-%06d", id));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
