package io.coreserve.offers.agent;

import io.coreserve.offers.grid.Cluster;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Algorithm 1 of seed 001 on a hand-built advance reservation list. */
class ProviderAgentTest {

    /** Provider 3: 10 processors of 2000 MIPS with 6 processors reserved in [0,100) and 3 in [50,150). */
    private static ProviderAgent agent() {
        ProviderAgent a = new ProviderAgent(3, new Cluster("c3", 10, 2000), 0);
        assertThat(a.reserve(1, 0, 6, 100)).isPresent();
        assertThat(a.reserve(2, 50, 3, 100)).isPresent();
        return a;
    }

    @Test
    void shouldOfferEveryFreeSlotForTheDurationLengthOverSpeed() {
        // L = 40,000 MI at 2000 MIPS: D = 20 s
        Offer offer = agent().offer(new OfferRequest(9, 40_000, 10, 0));

        assertThat(offer.provider()).isEqualTo(3);
        assertThat(offer.jobId()).isEqualTo(9);
        assertThat(offer.slots()).containsExactly(
                new Slot(3, 1, 0, 4, 20),
                new Slot(3, 2, 100, 7, 20),
                new Slot(3, 3, 150, 10, 20));
    }

    @Test
    void shouldOfferOnlyTheProcessorsFreeForTheWholeDuration() {
        // L = 120,000 MI at 2000 MIPS: D = 60 s, so a slot at 0 runs into the dip to 1 free processor at 50
        Offer offer = agent().offer(new OfferRequest(9, 120_000, 10, 0));

        assertThat(offer.slots()).extracting(Slot::start, Slot::processors)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(0L, 1), org.assertj.core.groups.Tuple.tuple(100L, 7),
                        org.assertj.core.groups.Tuple.tuple(150L, 10));
    }

    @Test
    void shouldStopOfferingAfterTheFirstSlotThatCoversTheJob() {
        Offer offer = agent().offer(new OfferRequest(9, 40_000, 5, 0));

        assertThat(offer.slots()).extracting(Slot::start).containsExactly(0L, 100L);
    }

    @Test
    void shouldNotChangeItsReservationListWhenMakingAnOffer() {
        ProviderAgent a = agent();
        a.offer(new OfferRequest(9, 40_000, 10, 0));

        assertThat(a.profile().stepsFrom(0)).hasSize(4);
        assertThat(a.profile().freeAt(0)).isEqualTo(4);
    }

    @Test
    void shouldRefuseAReservationThatWouldViolateAcceptedOnes() {
        ProviderAgent a = agent();

        assertThat(a.reserve(9, 40, 2, 20)).isEmpty();
        assertThat(a.reserve(9, 100, 7, 20)).contains(new Reservation(3, 9, 100, 120, 7));
    }

    @Test
    void shouldGiveBackTheUnusedEndOfAReservation() {
        ProviderAgent a = agent();
        Reservation r = a.reserve(9, 150, 10, 100).orElseThrow();
        a.release(r, 180);

        assertThat(a.profile().freeAt(170)).isZero();
        assertThat(a.profile().freeAt(180)).isEqualTo(10);
    }
}
