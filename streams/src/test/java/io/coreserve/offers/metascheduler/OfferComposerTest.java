package io.coreserve.offers.metascheduler;

import io.coreserve.offers.agent.Offer;
import io.coreserve.offers.agent.Slot;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Algorithm 2 of seed 001 on hand-made offers with a known answer. */
class OfferComposerTest {

    private static final Slot P0_EARLY = new Slot(0, 1, 0, 3, 100);    // finishes 100
    private static final Slot P0_LATE = new Slot(0, 2, 50, 8, 100);    // finishes 150, overlaps P0_EARLY
    private static final Slot P1_EARLY = new Slot(1, 1, 10, 2, 50);    // finishes 60
    private static final Slot P1_LATE = new Slot(1, 2, 100, 10, 50);   // finishes 150, after P1_EARLY
    private static final Slot P2 = new Slot(2, 1, 0, 5, 120);          // finishes 120

    private static final List<Offer> OFFERS = List.of(
            new Offer(0, 1, List.of(P0_EARLY, P0_LATE)),
            new Offer(1, 1, List.of(P1_EARLY, P1_LATE)),
            new Offer(2, 1, List.of(P2)));

    @Test
    void shouldTakeSlotsByFinishTimeAndStopOnceTheProcessorsAreCovered() {
        assertThat(OfferComposer.compose(9, OFFERS)).contains(List.of(
                new SlotTake(P1_EARLY, 2),
                new SlotTake(P0_EARLY, 3),
                new SlotTake(P2, 4)));   // only the 4 processors still needed
    }

    @Test
    void shouldNotCountProcessorsTwiceInOverlappingSlotsOfOneProvider() {
        assertThat(OfferComposer.compose(20, OFFERS)).contains(List.of(
                new SlotTake(P1_EARLY, 2),
                new SlotTake(P0_EARLY, 3),
                new SlotTake(P2, 5),
                new SlotTake(P0_LATE, 5),    // 8 offered, 3 of them already taken in P0_EARLY
                new SlotTake(P1_LATE, 5)));  // no overlap with P1_EARLY: all 10 usable, 5 needed
    }

    @Test
    void shouldFailWhenTheOffersCannotCoverTheJob() {
        assertThat(OfferComposer.compose(100, OFFERS)).isEmpty();
        assertThat(OfferComposer.compose(1, List.of(new Offer(0, 1, List.of())))).isEmpty();
    }

    @Test
    void shouldBreakFinishTimeTiesByEarlierStartThenProvider() {
        Slot a = new Slot(1, 1, 0, 1, 100);
        Slot b = new Slot(0, 1, 50, 2, 50);   // overlaps c: one of its two processors is c's
        Slot c = new Slot(0, 2, 0, 1, 100);

        assertThat(OfferComposer.compose(3, List.of(new Offer(0, 1, List.of(b, c)), new Offer(1, 1, List.of(a)))))
                .contains(List.of(new SlotTake(c, 1), new SlotTake(a, 1), new SlotTake(b, 1)));
    }
}
