package io.coreserve.engine.srl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Spec 4.5 step 5: both normalisations of the weighted objective, and offsets read from constraints. */
class ModelCompilerTest {

    private static final String REQUEST = """
            A.TS.est = 0
            A.TS.let = 1000
            A.TS.duration = 10
            A.OBJ.cost = min, A.RVC.cost, 2
            A.OBJ.late = max, A.RVC.begin, 2
            B.TS.duration = 10
            B.CON.t = B.RVC.end == A.RVC.begin + 30
            """;

    private final CoReservationRequest request = new SrlParser(32, 0).parse(REQUEST, 0);
    private final List<PartCandidates> candidates = List.of(
            new PartCandidates(new int[3], new int[3], new int[] {-1, -1, -1}, new int[] {-1, -1, -1},
                    new long[] {0, 10_000, 40_000}, new long[] {1_000, 4_000, 20_000}, new long[3], 3),
            new PartCandidates(new int[1], new int[1], new int[] {-1}, new int[] {-1}, new long[] {20_000},
                    new long[1], new long[1], 1));

    @Test
    void paperNormalisationDividesEachTermByItsLargestValueLikeListingOnesCoefficients() {
        CoReservationModel model = ModelCompiler.compile(request, candidates, List.of(), SrlConfig.Normalisation.PAPER);

        for (int k = 0; k < 3; k++) {
            double cf = 0.5 * candidates.get(0).cost()[k] / 20_000.0 - 0.5 * candidates.get(0).begin()[k] / 40_000.0;
            assertThat(model.objective(0)[k]).isEqualTo(Math.round(1e9 * cf));
        }
    }

    @Test
    void rangeNormalisationDividesEachTermByItsRange() {
        CoReservationModel model = ModelCompiler.compile(request, candidates, List.of(), SrlConfig.Normalisation.RANGE);

        // The dearest and latest candidate gains the whole cost range (+0.5) and the whole start range (-0.5).
        assertThat(model.objective(0)[2] - model.objective(0)[0]).isZero();
        assertThat(model.objective(0)[1] - model.objective(0)[0])
                .isEqualTo(Math.round(1e9 * 0.5 * 4_000 / 19_000.0 - 1e9 * 0.5 * 10_000 / 40_000.0)
                        - Math.round(1e9 * 0.5 * 1_000 / 19_000.0));
        assertThat(model.objective(1)).containsExactly(0);
    }

    @Test
    void anEqualityOfEndAndBeginIsAStartOffset() {
        CoReservationModel model = ModelCompiler.compile(request, candidates, List.of(), SrlConfig.Normalisation.RANGE);

        // B.end == A.begin + 30 s: A.begin = B.begin + 10 s - 30 s.
        assertThat(model.offsets()).containsExactly(new CoReservationModel.Offset(1, 0, -20_000));
        assertThat(new EnumerationOracle().solve(model).choice()).containsExactly(0, 0);
    }
}
