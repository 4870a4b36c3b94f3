package io.coreserve.reservation;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.Allocation;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.Resource;
import io.coreserve.events.ResourceSample;
import io.coreserve.serde.InMemorySchemaRegistryClient;
import io.coreserve.topology.EventSerdes;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The stores' owner: what it builds from the stores when a task starts, and how its indexes follow changes. */
class ReservationStoresTest {

    private static final long H = 3_600_000L;

    private final String scope = "stores-" + UUID.randomUUID();
    private final MockProcessorContext<Object, Object> context = new MockProcessorContext<>();
    private ReservationSettings settings;
    private KeyValueStore<String, Resource> catalogue;
    private KeyValueStore<String, ReservationDecision> decisions;
    private KeyValueStore<String, CoAllocationRequest> requests;
    private KeyValueStore<String, ResourceSample> background;
    private KeyValueStore<String, ResourceSample> down;
    private KeyValueStore<String, Long> clock;
    private KeyValueStore<String, ResourceSample> pending;
    private KeyValueStore<String, io.coreserve.events.CoReservationRequest> coReservations;

    @BeforeEach
    void createStores() {
        CoreserveConfig config = CoreserveConfig.of(Map.of(CoreserveConfig.SCHEMA_REGISTRY_URL, "mock://" + scope,
                ReservationSettings.PROPERTIES, "cores"));
        settings = ReservationSettings.from(config);
        // The mock context names every store's changelog "changelog": one registry scope per store keeps their
        // subjects apart.
        catalogue = store("catalogue", serdes("catalogue").resources());
        decisions = store("reservations", serdes("reservations").decisions());
        requests = store("requests", serdes("requests").create(CoAllocationRequest.class));
        background = store("background", serdes("background").samples());
        down = store("down", serdes("down").samples());
        clock = store("clock", Serdes.Long());
        pending = store("pending", serdes("pending").samples());
        coReservations = store("co-reservations", serdes("co-reservations")
                .create(io.coreserve.events.CoReservationRequest.class));
    }

    private EventSerdes serdes(String store) {
        return new EventSerdes(CoreserveConfig.of(Map.of(CoreserveConfig.SCHEMA_REGISTRY_URL,
                "mock://" + scope + "-" + store)));
    }

    @AfterEach
    void dropScopes() {
        for (String store : new String[] {"catalogue", "reservations", "requests", "background", "down", "pending", "co-reservations",
                "bind-answers"}) {
            InMemorySchemaRegistryClient.dropScope(scope + "-" + store);
        }
    }

    private <V> KeyValueStore<String, V> store(String name, Serde<V> values) {
        KeyValueStore<String, V> store = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(name), Serdes.String(),
                values).withLoggingDisabled().build();
        store.init(context.getStateStoreContext(), store);
        return store;
    }

    private ReservationStores open() {
        return new ReservationStores(settings, catalogue, decisions, requests, background, down, clock, pending,
                coReservations);
    }

    private static ReservationDecision accepted(String id, String user, long start, long end, String resource) {
        return Decisions.base(id, user, "default", ReservationStatus.ACCEPTED, "ok", 0)
                .setStart(Instant.ofEpochMilli(start)).setEnd(Instant.ofEpochMilli(end))
                .setAllocations(java.util.List.of(Allocation.newBuilder().setResourceId(resource)
                        .setAmounts(Map.of("cores", 1.0)).build()))
                .build();
    }

    private static ResourceSample sample(String resource, long start, long end) {
        return ResourceSample.newBuilder().setResourceId(resource).setDomain("default")
                .setWindowStart(Instant.ofEpochMilli(start)).setWindowEnd(Instant.ofEpochMilli(end))
                .setUsed(Map.of("cores", 1.0)).build();
    }

    @Test
    void shouldKeepSamplesWaitingForTheirResourceWithinTheLimitAndAcrossARestart() {
        ReservationStores stores = open();
        assertThat(stores.pending().park(sample("late", 0, 60_000), 2)).isTrue();
        assertThat(stores.pending().park(sample("late", 0, 90_000), 2)).as("same window start: replaced").isTrue();
        assertThat(stores.pending().park(sample("other", 0, 60_000), 2)).isTrue();
        assertThat(stores.pending().park(sample("third", 0, 60_000), 2)).as("over the limit").isFalse();

        ReservationStores reopened = open();
        assertThat(reopened.pending().size()).isEqualTo(2);
        assertThat(reopened.pending().take("default", "late")).singleElement()
                .satisfies(s -> assertThat(s.getWindowEnd().toEpochMilli()).isEqualTo(90_000));
        assertThat(reopened.pending().take("default", "late")).isEmpty();
        assertThat(reopened.pending().size()).isEqualTo(1);
    }

    @Test
    void shouldDropWaitingSamplesOnceTheyAreOlderThanTheRetention() {
        ReservationStores stores = open();
        stores.pending().park(sample("gone", 0, 60_000), 10);
        stores.pending().park(sample("kept", 0, 120_000), 10);

        stores.pruneBackground(100_000);

        assertThat(stores.pending().size()).isEqualTo(1);
        assertThat(stores.pending().take("default", "gone")).isEmpty();
        assertThat(stores.pending().take("default", "kept")).hasSize(1);
    }

    @Test
    void shouldMoveDecisionsStoredUnderBareRequestIdsToUserScopedKeysWhenTheTaskStarts() {
        ReservationDecision old = accepted("job-1", "alice", 0, H, "n1");
        decisions.put("job-1", old);
        requests.put("job-1", CoAllocationRequest.newBuilder().setRequestId("job-1").setUser("alice")
                .setEmail("alice@example.org").setDurationMillis(H).setResourceCount(1)
                .setSubmittedAt(Instant.EPOCH).build());

        ReservationStores stores = open();

        RequestRef ref = new RequestRef("default", "alice", "job-1");
        assertThat(stores.decision(ref)).isEqualTo(old);
        assertThat(stores.request(ref).getEmail()).isEqualTo("alice@example.org");
        assertThat(decisions.get("job-1")).isNull();
        assertThat(requests.get("job-1")).isNull();
        assertThat(stores.decision(new RequestRef("default", "bob", "job-1"))).isNull();
        assertThat(stores.active().holders("default", "n1", 0)).containsExactly(old);
    }

    @Test
    void shouldFindTheHoldersOfAResourceFromTheIndexOnlyWhileTheirReservationsLast() {
        ReservationStores stores = open();
        stores.record(accepted("a", "alice", 0, 2 * H, "n1"));
        stores.record(accepted("b", "bob", 0, 4 * H, "n1"));
        stores.record(accepted("c", "carol", 0, 4 * H, "n2"));

        assertThat(stores.active().holders("default", "n1", H)).extracting(ReservationDecision::getRequestId)
                .containsExactly("a", "b");
        assertThat(stores.active().holders("default", "n1", 3 * H)).extracting(ReservationDecision::getRequestId)
                .containsExactly("b");
        stores.record(ReservationDecision.newBuilder(accepted("b", "bob", 0, 4 * H, "n1"))
                .setStatus(ReservationStatus.CANCELLED).build());
        assertThat(stores.active().holders("default", "n1", 3 * H)).isEmpty();
        assertThat(open().active().holders("default", "n2", 3 * H)).extracting(ReservationDecision::getUser)
                .containsExactly("carol");
    }

    @Test
    void shouldPruneExactlyTheSamplesThatEndedBeforeTheCutOffIncludingThoseStoredBeforeTheTaskStarted() {
        catalogue.put(ReservationStores.resourceKey("default", "n1"), Resource.newBuilder().setId("n1")
                .setDomain("default").setProperties(Map.of("cores", 4.0)).setUpdatedAt(Instant.EPOCH).build());
        ResourceSample before = sample("n1", 0, H);
        background.put(ReservationStores.sampleKey(before), before);
        ReservationStores stores = open();
        ResourceSample later = sample("n1", H, 2 * H);
        ResourceSample replaced = sample("n1", 2 * H, 3 * H);
        stores.putBackground(later);
        stores.putBackground(replaced);
        stores.putBackground(sample("n1", 2 * H, 5 * H)); // same window start: replaces, ends later

        stores.pruneBackground(3 * H);

        assertThat(background.get(ReservationStores.sampleKey(before))).isNull();
        assertThat(background.get(ReservationStores.sampleKey(later))).isNull();
        assertThat(background.get(ReservationStores.sampleKey(replaced)).getWindowEnd())
                .isEqualTo(Instant.ofEpochMilli(5 * H));
        stores.pruneBackground(6 * H);
        assertThat(background.approximateNumEntries()).isZero();
    }

    @Test
    void shouldForgetEndedReservationsOfLiveAndRebuiltBooksAndNeverLookBeforeTheWatermark() {
        catalogue.put(ReservationStores.resourceKey("default", "n1"), Resource.newBuilder().setId("n1")
                .setDomain("default").setProperties(Map.of("cores", 4.0)).setUpdatedAt(Instant.EPOCH).build());
        ReservationStores writer = open();
        writer.record(accepted("ended", "alice", 0, H, "n1"));
        writer.record(accepted("later", "bob", 5 * H, 6 * H, "n1"));
        writer.putBackground(sample("n1", 0, H));
        ReservationStores stores = open();
        assertThat(stores.hasBooks("default")).as("built by the start's one read of the decisions").isTrue();
        assertThat(stores.hasBooks("elsewhere")).as("no catalogue there").isFalse();
        long live = stores.books("default").timetables().breakpoints();
        assertThat(live).isEqualTo(new BooksLoader(catalogue, decisions, background, down).load("default", settings)
                .timetables().breakpoints()).isPositive();

        stores.forgetBefore(2 * H);

        assertThat(stores.forgottenBefore()).isEqualTo(2 * H);
        assertThat(stores.books("default").timetables().forgottenBefore()).isEqualTo(2 * H);
        assertThat(stores.books("default").timetables().breakpoints()).isLessThan(live);
        stores.forgetBefore(H); // a watermark never moves back
        assertThat(stores.forgottenBefore()).isEqualTo(2 * H);
        // Books built after a restart start at the watermark too, and keep what is still to come.
        ReservationStores reopened = open();
        reopened.forgetBefore(2 * H);
        assertThat(reopened.books("default").timetables().breakpoints())
                .isEqualTo(stores.books("default").timetables().breakpoints()).isPositive();
    }

    private static ReservationDecision decided(String id, ReservationStatus status, long decidedAt) {
        return Decisions.base(id, "alice", "default", status, "decided", decidedAt).build();
    }

    private static CoAllocationRequest requestOf(String id) {
        return CoAllocationRequest.newBuilder().setRequestId(id).setUser("alice").setDurationMillis(H)
                .setResourceCount(1).setSubmittedAt(Instant.EPOCH).build();
    }

    private static RequestRef ref(String id) {
        return new RequestRef("default", "alice", id);
    }

    @Test
    void shouldTreatADecisionAsGoneOnceItSettledBeforeTheWatermarkAndSweepItWithItsRequest() {
        ReservationStores stores = open();
        stores.putRequest(ref("rejected"), requestOf("rejected"));
        stores.record(decided("rejected", ReservationStatus.REJECTED, H));
        stores.record(ReservationDecision.newBuilder(decided("offer", ReservationStatus.COUNTER_OFFER, H))
                .setOfferExpiresAt(Instant.ofEpochMilli(3 * H)).build());
        ReservationDecision booked = ReservationDecision.newBuilder(accepted("booked", "alice", 2 * H, 5 * H, "n1"))
                .setDecidedAt(Instant.ofEpochMilli(H)).build();
        stores.record(booked);

        stores.forgetBefore(2 * H);
        // Gone for every handler at once, swept or not: what a request gets never depends on the sweep.
        assertThat(stores.decision(ref("rejected"))).isNull();
        assertThat(stores.decision(ref("offer"))).as("its offer has not expired").isNotNull();
        assertThat(stores.decision(ref("booked"))).as("its reservation has not ended").isEqualTo(booked);
        assertThat(decisions.get(ReservationStores.requestKey(ref("rejected")))).as("not swept yet").isNotNull();

        assertThat(stores.sweepDecisions(100)).isEqualTo(1);
        assertThat(decisions.get(ReservationStores.requestKey(ref("rejected")))).isNull();
        assertThat(requests.get(ReservationStores.requestKey(ref("rejected")))).isNull();

        stores.forgetBefore(4 * H);
        assertThat(stores.decision(ref("offer"))).isNull();
        stores.forgetBefore(5 * H + 1);
        assertThat(stores.sweepDecisions(100)).isEqualTo(2);
        assertThat(decisions.approximateNumEntries()).isZero();
    }

    @Test
    void shouldSweepAStoreLargerThanOneWalkAcrossWalksAndKeepWhatHasNotSettled() {
        ReservationStores stores = open();
        for (int i = 0; i < 1_000; i++) {
            // Every third one settles after the watermark.
            stores.record(decided(String.format("r%04d", i), ReservationStatus.REJECTED, i % 3 == 0 ? 10 * H : H));
        }
        stores.forgetBefore(2 * H);

        int removed = 0;
        for (int walk = 0; walk < 5; walk++) {
            removed += stores.sweepDecisions(300); // 1,000 entries: the fourth walk reaches the end, the fifth wraps
        }

        assertThat(removed).isEqualTo(666);
        assertThat(decisions.approximateNumEntries()).isEqualTo(334);
        assertThat(stores.decision(ref("r0000"))).isNotNull();
        assertThat(stores.decision(ref("r0001"))).isNull();
    }

    @Test
    void shouldPayForASweepWithTheDecisionsRecordedSoTheStoreStaysBounded() {
        ReservationStores stores = open();
        // A day of decisions, one a minute of stream time, each settled when made; a retention of an hour.
        long retention = H;
        for (int minute = 0; minute < 24 * 60; minute++) {
            long now = minute * 60_000L;
            stores.forgetBefore(now - retention);
            stores.record(decided("r" + minute, ReservationStatus.REJECTED, now));
        }
        // An hour's worth (60) must stay; the walks pay for twice the writes, so at most about twice that is left.
        assertThat(decisions.approximateNumEntries()).isBetween(60L, 2L * 60 + DecisionSweep.STEPS);
        assertThat(stores.decision(ref("r" + (24 * 60 - 1)))).isNotNull();
    }

    @Test
    void shouldNotWalkTheStoreWhileNothingInItCanBeDue() {
        ReservationStores stores = open();
        stores.forgetBefore(2 * H);
        for (int i = 0; i < 4 * DecisionSweep.EVERY; i++) {
            stores.record(decided("young-" + i, ReservationStatus.REJECTED, 10 * H + i));
        }
        assertThat(stores.decisionsSwept()).as("nothing settles before 10 h: no walk").isZero();

        stores.forgetBefore(10 * H + 1);
        for (int i = 0; i < DecisionSweep.EVERY; i++) {
            stores.record(decided("late-" + i, ReservationStatus.REJECTED, 20 * H));
        }
        assertThat(stores.decisionsSwept()).as("the watermark passed the earliest: walks again").isPositive();
        assertThat(stores.decision(ref("young-0"))).isNull();
        // The walk starts at the store's first key: the late ones, then the first young ones (settled at 10 h).
        assertThat(decisions.get(ReservationStores.requestKey(ref("young-0")))).as("swept").isNull();
    }

    @Test
    void shouldLearnFromTheStartUpScanWhetherAnythingCanBeDue() {
        ReservationStores stores = open();
        for (int i = 0; i < DecisionSweep.EVERY - 1; i++) {
            stores.record(decided("old-" + i, ReservationStatus.REJECTED, H));
        }
        stores.notifiedUntil(100 * H); // the last tick: the watermark is then 52 h (a retention of 2 days)

        ReservationStores reopened = open();
        for (int i = 0; i < DecisionSweep.EVERY; i++) {
            reopened.record(decided("new-" + i, ReservationStatus.REJECTED, 100 * H));
        }

        assertThat(reopened.decisionsSwept()).as("the scan saw entries settled at 1 h: the walk ran over all")
                .isEqualTo(2 * DecisionSweep.EVERY - 1);
        assertThat(decisions.approximateNumEntries()).isEqualTo(DecisionSweep.EVERY);
    }

    @Test
    void shouldKeepTheWatermarkOfTheLastTickAcrossARestart() {
        ReservationStores stores = open();
        stores.record(decided("old", ReservationStatus.REJECTED, H));
        stores.notifiedUntil(100 * H);  // the retention is 2 days

        ReservationStores reopened = open();

        assertThat(reopened.forgottenBefore()).isEqualTo(100 * H - settings.retention().toMillis());
        assertThat(reopened.decision(ref("old"))).as("settled long before the last tick's watermark").isNull();
    }

    @Test
    void bindAnswersAreStampedAfterEveryAnswerTheTaskGaveAlsoAfterARestart() {
        KeyValueStore<String, io.coreserve.events.BindReply> answers = store("bind-answers",
                serdes("bind-answers").bindReplies());
        BindCommandHandler before = new BindCommandHandler(open(), answers, 0, 1L, java.time.Duration.ofDays(2));
        long late = 10 * H;
        assertThat(before.handle("default", release("c1"), late).bindReplies().get(0).getSentAt().toEpochMilli())
                .isEqualTo(late);
        // The task moves (a crash): a new handler on the same store, and a command carrying an older time.
        BindCommandHandler after = new BindCommandHandler(open(), answers, 0, 1L, java.time.Duration.ofDays(2));
        io.coreserve.events.BindReply answer = after.handle("default", release("c2"), 2 * H).bindReplies().get(0);
        assertThat(answer.getSentAt().toEpochMilli()).as("never before an answer the task gave").isEqualTo(late);
    }

    private static io.coreserve.events.BindCommand release(String id) {
        return io.coreserve.events.BindCommand.newBuilder().setCommandId(id).setOp(io.coreserve.events.BindOp.RELEASE)
                .setRequestId("grid-1").setUser("alice").setDomain("default").setComponent(0).setSelection(0).setRound(1)
                .setStart(Instant.ofEpochMilli(20 * H)).setEnd(Instant.ofEpochMilli(21 * H))
                .setSentAt(Instant.ofEpochMilli(H)).build();
    }
}
