package io.coreserve.offers.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Topics;
import io.coreserve.events.Allocation;
import io.coreserve.events.BookedPart;
import io.coreserve.events.OfferJobRequest;
import io.coreserve.events.ProviderBook;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.offers.grid.Cluster;
import io.coreserve.offers.grid.Grid;
import io.coreserve.serde.InMemorySchemaRegistryClient;
import io.coreserve.topology.EventSerdes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/** Configuration, serdes and checks shared by the offers pipeline tests; one registry scope per fixture. */
final class OfferFlowFixture implements AutoCloseable {

    static final Instant T0 = Instant.parse("2026-11-21T08:00:00Z");

    final String scope = "offers-" + UUID.randomUUID();
    final CoreserveConfig config;
    final Topics topics;
    final EventSerdes serdes;
    final Grid grid;
    final OfferFlowSettings settings;
    private final List<TopologyTestDriver> drivers = new ArrayList<>();
    private final List<Path> stateDirs = new ArrayList<>();

    OfferFlowFixture(Grid grid, int maxAttempts) {
        this.grid = grid;
        this.config = CoreserveConfig.of(Map.of(
                StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092",
                CoreserveConfig.SCHEMA_REGISTRY_URL, "mock://" + scope));
        this.topics = config.topics();
        this.serdes = new EventSerdes(config);
        this.settings = new OfferFlowSettings(grid, maxAttempts);
    }

    TopologyTestDriver driver(Topology topology) {
        // Each driver its own state directory: two drivers of one test must not share a task's stores.
        Properties props = config.streamsProperties();
        try {
            Path dir = Files.createTempDirectory("offerflow-");
            stateDirs.add(dir);
            props.setProperty(StreamsConfig.STATE_DIR_CONFIG, dir.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        TopologyTestDriver driver = new TopologyTestDriver(topology, props, T0);
        drivers.add(driver);
        return driver;
    }

    static OfferJobRequest job(String id, int processors, long lengthMi) {
        return OfferJobRequest.newBuilder().setRequestId(id).setUser("alice").setEmail("alice@example.org")
                .setLengthMi(lengthMi).setProcessors(processors).setNotBefore(null).setSubmittedAt(T0).build();
    }

    static Map<String, Double> processorsPerProvider(ReservationDecision d) {
        Map<String, Double> m = new TreeMap<>();
        for (Allocation a : d.getAllocations()) {
            m.merge(a.getResourceId(), a.getAmounts().get(OfferDecisions.PROCESSORS), Double::sum);
        }
        return m;
    }

    /**
     * Per provider, the processors the ACCEPTED decisions hold over time never exceed the cluster's. A decision
     * gives one interval for all its parts, [earliest start, latest end), so this over-approximates what is held:
     * passing proves no over-commitment.
     */
    void assertDecisionsNeverOverCommit(List<ReservationDecision> decisions) {
        Map<String, List<long[]>> intervals = new HashMap<>();
        for (ReservationDecision d : decisions) {
            if (d.getStatus() != ReservationStatus.ACCEPTED) {
                continue;
            }
            for (Allocation a : d.getAllocations()) {
                intervals.computeIfAbsent(a.getResourceId(), k -> new ArrayList<>()).add(new long[] {
                        d.getStart().toEpochMilli(), d.getEnd().toEpochMilli(),
                        Math.round(a.getAmounts().get(OfferDecisions.PROCESSORS))});
            }
        }
        intervals.forEach((provider, list) -> assertThat(peak(list)).as("peak processors held on %s", provider)
                .isLessThanOrEqualTo(capacity(provider)));
    }

    /** The same check on the providers' own books, part by part: the ground truth. */
    void assertBooksNeverOverCommit(TopologyTestDriver driver) {
        for (Map.Entry<String, ProviderBook> e : books(driver).entrySet()) {
            List<long[]> list = new ArrayList<>();
            for (BookedPart p : e.getValue().getReservations()) {
                list.add(new long[] {p.getStart().toEpochMilli(), p.getEnd().toEpochMilli(), p.getProcessors()});
            }
            assertThat(peak(list)).as("peak processors booked on %s", e.getKey()).isLessThanOrEqualTo(capacity(e.getKey()));
        }
    }

    static Map<String, ProviderBook> books(TopologyTestDriver driver) {
        KeyValueStore<String, ProviderBook> store = driver.getKeyValueStore(OfferFlowTopology.PROVIDER_BOOKS_STORE);
        Map<String, ProviderBook> books = new TreeMap<>();
        try (KeyValueIterator<String, ProviderBook> it = store.all()) {
            while (it.hasNext()) {
                KeyValue<String, ProviderBook> kv = it.next();
                books.put(kv.key, kv.value);
            }
        }
        return books;
    }

    private int capacity(String provider) {
        return grid.clusters().stream().filter(c -> c.name().equals(provider)).mapToInt(Cluster::processors)
                .findFirst().orElseThrow();
    }

    private static long peak(List<long[]> intervals) {
        TreeMap<Long, Long> delta = new TreeMap<>();
        for (long[] i : intervals) {
            delta.merge(i[0], i[2], Long::sum);
            delta.merge(i[1], -i[2], Long::sum);
        }
        long held = 0;
        long peak = 0;
        for (long d : delta.values()) {
            held += d;
            peak = Math.max(peak, held);
        }
        return peak;
    }

    @Override
    public void close() {
        drivers.forEach(TopologyTestDriver::close);
        for (Path dir : stateDirs) {
            try (var files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            } catch (IOException e) {
                // a leftover temporary directory is harmless
            }
        }
        InMemorySchemaRegistryClient.dropScope(scope);
    }
}
