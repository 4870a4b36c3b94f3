package io.coreserve.offers.pipeline;

import static io.coreserve.offers.pipeline.OfferFlowFixture.T0;
import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.events.OfferJobRequest;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.offers.agent.ProviderAgent;
import io.coreserve.offers.agent.Reservation;
import io.coreserve.offers.grid.Grid;
import io.coreserve.offers.job.Allocation;
import io.coreserve.offers.job.GridJob;
import io.coreserve.offers.policy.CoarpPolicy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.Test;

/**
 * The streaming protocol decides as the offline COARP does when jobs arrive one at a time (each decided before
 * the next arrives): same start, same end, same processors per provider, job after job.
 */
class OfferFlowParityTest {

    private static final Grid GRID = Grid.parse("""
            fast   4 250
            medium 6 150
            slow   8 100
            """);

    @Test
    void shouldGiveTheSameReservationsAsTheOfflineCoarpPolicyForJobsArrivingOneAtATime() {
        List<GridJob> jobs = syntheticWorkload(new Random(20261121), 60);

        List<Allocation> offline = offline(jobs);
        List<ReservationDecision> streamed;
        try (OfferFlowFixture fixture = new OfferFlowFixture(GRID, 3)) {
            streamed = streamed(fixture, jobs);
        }

        assertThat(streamed).hasSameSizeAs(offline);
        for (int i = 0; i < jobs.size(); i++) {
            Allocation expected = offline.get(i);
            ReservationDecision actual = streamed.get(i);
            assertThat(actual.getStatus()).as("job %d: %s", i, actual.getMessage()).isEqualTo(ReservationStatus.ACCEPTED);
            assertThat(actual.getStart()).as("start of job %d", i).isEqualTo(Instant.ofEpochSecond(expected.start()));
            assertThat(actual.getEnd()).as("end of job %d", i).isEqualTo(Instant.ofEpochSecond(
                    expected.parts().stream().mapToLong(Reservation::end).max().orElseThrow()));
            assertThat(OfferFlowFixture.processorsPerProvider(actual)).as("processors of job %d", i)
                    .isEqualTo(perProvider(expected));
        }
        assertThat(offline).as("the workload co-allocates and starts some jobs later")
                .anyMatch(Allocation::isCoAllocated)
                .anyMatch(a -> a.start() > a.job().submitSeconds());
    }

    /** Jobs a few minutes apart, 1 to 18 processors (the whole grid), 1 to 20 minutes on the slow cluster. */
    private static List<GridJob> syntheticWorkload(Random random, int count) {
        List<GridJob> jobs = new ArrayList<>();
        long submit = T0.getEpochSecond();
        for (int i = 0; i < count; i++) {
            submit += random.nextInt(240);
            long lengthMi = 100L * (60 + random.nextInt(1140));
            jobs.add(new GridJob(i, submit, 1 + random.nextInt(GRID.totalProcessors()), lengthMi, lengthMi));
        }
        return jobs;
    }

    private static List<Allocation> offline(List<GridJob> jobs) {
        List<ProviderAgent> agents = new ArrayList<>();
        for (int c = 0; c < GRID.size(); c++) {
            agents.add(new ProviderAgent(c, GRID.cluster(c), 0));
        }
        CoarpPolicy coarp = new CoarpPolicy(agents);
        List<Allocation> placed = new ArrayList<>();
        for (GridJob job : jobs) {
            coarp.submit(job, job.submitSeconds());
            List<Allocation> now = coarp.dispatch(job.submitSeconds());
            assertThat(now).as("offline placement of job %d", job.id()).hasSize(1);
            placed.add(now.get(0));
        }
        return placed;
    }

    private static List<ReservationDecision> streamed(OfferFlowFixture fixture, List<GridJob> jobs) {
        TopologyTestDriver driver = fixture.driver(OfferFlowTopology.build(fixture.topics, fixture.serdes, fixture.settings));
        var keys = Serdes.String();
        TestInputTopic<String, OfferJobRequest> requests = driver.createInputTopic(fixture.topics.offerRequests(),
                keys.serializer(), fixture.serdes.offerJobRequests().serializer());
        TestOutputTopic<String, ReservationDecision> decisions = driver.createOutputTopic(fixture.topics.decisions(),
                keys.deserializer(), fixture.serdes.decisions().deserializer());
        List<ReservationDecision> out = new ArrayList<>();
        for (GridJob job : jobs) {
            Instant submitted = Instant.ofEpochSecond(job.submitSeconds());
            String id = "job-" + job.id();
            requests.pipeInput(id, OfferJobRequest.newBuilder().setRequestId(id).setUser("u").setEmail(null)
                    .setLengthMi(job.lengthMi()).setProcessors(job.processors()).setNotBefore(null)
                    .setSubmittedAt(submitted).build(), submitted);
            out.addAll(decisions.readValuesToList());
        }
        fixture.assertBooksNeverOverCommit(driver);
        return out;
    }

    private static Map<String, Double> perProvider(Allocation a) {
        Map<String, Double> m = new TreeMap<>();
        for (Reservation r : a.parts()) {
            m.merge(GRID.cluster(r.provider()).name(), (double) r.processors(), Double::sum);
        }
        return m;
    }
}
