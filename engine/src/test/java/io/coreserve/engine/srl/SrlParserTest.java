package io.coreserve.engine.srl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Spec 002 section 8, acceptance checks 1 (Figure 1) and 2 (every bad input refused with its rule). */
class SrlParserTest {

    static final String FIGURE_1 = """
            IBM.TS.est       = Dec 12 18:00:00 2007
            IBM.TS.duration  = 21600
            IBM.TS.let       = Dec 15 18:00:00 2007
            IBM.QOS.type     = compute
            IBM.QOS.cpus     = 16
            IBM.QOS.arch     = "IBM p690"
            IBM.CON.cost     = IBM.RVC.cost <= 10000
            IBM.OBJ.cost     = min, IBM.RVC.cost, 8
            IBM.OBJ.start    = min, IBM.RVC.begin, 10
            PCC.TS.duration  = 21600
            PCC.QOS.type     = compute
            PCC.QOS.cpus     = 32
            PCC.QOS.arch     = "PC cluster"
            PCC.CON.time     = PCC.RVC.begin
                               == IBM.RVC.begin
            VIS.TS.duration  = 7200
            VIS.TS.let       = Dec 15 18:00:00 2007
            VIS.QOS.type     = visualize
            VIS.QOS.cpus     = 4
            VIS.QOS.arch     = "SGI Onyx"
            VIS.CON.time     = PCC.RVC.begin+14400
                               == VIS.RVC.begin
            """;

    private static final String IBM = """
            IBM.TS.est = 1197482400
            IBM.TS.let = 1197741600
            IBM.TS.duration = 21600
            """;

    private final SrlParser parser = new SrlParser(32, 86_400_000L);

    @Test
    void shouldReadFigureOneWithContinuationLinesAndNormalisedWeights() {
        CoReservationRequest request = parser.parse(FIGURE_1, 0);

        assertThat(request.parts()).extracting(Part::id).containsExactly("IBM", "PCC", "VIS");
        Part ibm = request.parts().get(0);
        assertThat(ibm.earliest()).isEqualTo(1197482400_000L);
        assertThat(ibm.latestEnd()).isEqualTo(1197741600_000L);
        assertThat(request.parts()).extracting(Part::duration).containsExactly(21600_000L, 21600_000L, 7200_000L);
        assertThat(ibm.amounts()).containsEntry("cores", 16.0);
        assertThat(ibm.labels()).containsEntry("arch", "IBM p690");
        assertThat(request.parts().get(2).type()).isEqualTo(PartType.VISUALIZE);
        // PCC gives neither est nor let: the earliest est and latest let of the request (spec 3.6).
        assertThat(request.parts().get(1).earliest()).isEqualTo(1197482400_000L);
        assertThat(request.constraints()).extracting(Constraint::toString).containsExactly(
                "IBM.CON.cost: IBM.cost <= 10000",
                "PCC.CON.time: PCC.begin - IBM.begin == 0",
                "VIS.CON.time: PCC.begin - VIS.begin == -14400");
        assertThat(request.objectives()).extracting(Objective::normalised)
                .containsExactly(8.0 / 18, 10.0 / 18);
        assertThat(request.warnings()).anyMatch(w -> w.contains("sum to 18, not 1"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "IBM.RVC.begin = 5                                 | IBM.RVC.begin    | scope         | 4",
        "IBM.CON.c = IBM.OBJ.cost <= 1                     | IBM.CON.c        | scope         | 4",
        "IBM.CON.t = XYZ.RVC.begin == IBM.RVC.begin        | IBM.CON.t        | unknown-part  | 4",
        "IBM.QOS.type = quantum                            | IBM.QOS.type     | type          | 4",
        "IBM.QOS.netbw = 100 furlongs                      | IBM.QOS.netbw    | unit          | 4",
        "IBM.QOS.cpus = many                               | IBM.QOS.cpus     | number        | 4",
        "IBM.CON.n = IBM.RVC.begin * IBM.RVC.cost == 0     | IBM.CON.n        | expression    | 4",
        "IBM.CON.r = IBM.RVC.resource < 3                  | IBM.CON.r        | expression    | 4",
        "IBM.CON.a = IBM.RVC.resource + 1 == IBM.RVC.src   | IBM.CON.a        | expression    | 4",
        "IBM.CON.s = IBM.RVC.cost == \"cheap\"             | IBM.CON.s        | expression    | 4",
        "IBM.OBJ.o = min, IBM.RVC.cost, -1                 | IBM.OBJ.o        | weight        | 4",
        "IBM.OBJ.o = min, IBM.RVC.cost, abc                | IBM.OBJ.o        | weight        | 4",
        "IBM.OBJ.o = min, IBM.RVC.cost, 0                  | IBM.OBJ.o        | weight        | 4",
        "IBM.CON.m = == ==                                 | IBM.CON.m        | syntax        | 4",
        "IBM.CON.u = IBM.RVC.bandwidth >= 100 furlongs     | IBM.CON.u        | unit          | 4",
        "IBM.CON.k = IBM.RVC.colour == 1                   | IBM.CON.k        | unknown-key   | 4",
        "IBM.FOO.k = 1                                     | IBM.FOO.k        | scope         | 4",
    })
    void shouldRefuseBadInputNamingFieldRuleAndLine(String line, String field, String rule, int lineNumber) {
        SrlError error = refusal(IBM + line);

        assertThat(error.code()).isEqualTo(ReasonCode.INVALID_REQUEST);
        assertThat(error.field()).isEqualTo(field);
        assertThat(error.rule()).isEqualTo(rule);
        assertThat(error.line()).isEqualTo(lineNumber);
        assertThat(error.column()).isPositive();
    }

    @Test
    void shouldPointAtTheMalformedToken() {
        SrlError error = refusal(IBM + "IBM.CON.m = == ==");

        assertThat(error.column()).isEqualTo(13);
        assertThat(error.describe()).startsWith("line 4, column 13: IBM.CON.m:").endsWith("(rule=syntax)");
    }

    @Test
    void shouldRefuseADuplicateKey() {
        SrlError error = refusal(IBM + "IBM.CON.time = IBM.RVC.begin >= 0\nIBM.CON.time = IBM.RVC.begin >= 1");

        assertThat(error.rule()).isEqualTo("duplicate-key");
        assertThat(error.line()).isEqualTo(5);
    }

    @Test
    void shouldRefuseANonPositiveDuration() {
        SrlError error = refusal("IBM.TS.duration = -1");

        assertThat(error.field()).isEqualTo("IBM.TS.duration");
        assertThat(error.rule()).isEqualTo("positive");
    }

    @Test
    void shouldRefuseAPartThatDoesNotFitItsWindow() {
        SrlError error = refusal("IBM.TS.est = 1000\nIBM.TS.let = 2000\nIBM.TS.duration = 1001");

        assertThat(error.field()).isEqualTo("IBM.TS.let");
        assertThat(error.rule()).isEqualTo("window");
    }

    @Test
    void shouldRefuseAPartWithoutDuration() {
        assertThat(refusal("IBM.QOS.cpus = 4").rule()).isEqualTo("required");
    }

    @Test
    void shouldRefuseMoreThanMaxParts() {
        String parts = IntStream.range(0, 33).mapToObj(i -> "P" + i + ".TS.duration = 60").collect(Collectors.joining("\n"));

        SrlError error = refusal(parts);

        assertThat(error.rule()).isEqualTo("too-many-parts");
        assertThat(error.line()).isEqualTo(33);
    }

    @Test
    void shouldRefuseAnEmptyRequest() {
        assertThat(refusal("# nothing but a comment\n\n").rule()).isEqualTo("empty");
        assertThat(refusal("").code()).isEqualTo(ReasonCode.INVALID_REQUEST);
    }

    @Test
    void shouldAnswerInfeasibleForAConstantFalseConstraint() {
        SrlError error = refusal(IBM + "IBM.CON.x = 3 > 4");

        assertThat(error.code()).isEqualTo(ReasonCode.INFEASIBLE);
        assertThat(error.field()).isEqualTo("IBM.CON.x");
    }

    @Test
    void shouldDropAConstantTrueConstraintWithAWarning() {
        CoReservationRequest request = parser.parse(IBM + "IBM.CON.x = 4 > 3", 0);

        assertThat(request.constraints()).isEmpty();
        assertThat(request.warnings()).anyMatch(w -> w.contains("IBM.CON.x"));
    }

    @Test
    void shouldReadUnitsTimesAndDefaults() {
        CoReservationRequest request = parser.parse("""
                NET.QOS.type = network
                NET.QOS.netbw = 1 Gbit/s
                NET.TS.duration = 6h
                DSK.QOS.type = storage
                DSK.QOS.diskspace = 20 GB
                DSK.TS.duration = PT90M
                DSK.TS.est = +2h
                DSK.CON.after = DSK.RVC.begin >= NET.RVC.end + 30m
                DSK.CON.where = NET.RVC.dst == DSK.RVC.resource
                """, 1_000_000L);

        Part net = request.parts().get(0);
        Part disk = request.parts().get(1);
        assertThat(net.amounts()).containsEntry("netbw_mbps", 1000.0);
        assertThat(disk.amounts()).containsEntry("disk_gb", 20.0);
        assertThat(disk.duration()).isEqualTo(5_400_000L);
        assertThat(disk.earliest()).isEqualTo(1_000_000L + 7_200_000L);
        assertThat(net.earliest()).isEqualTo(disk.earliest());
        assertThat(net.latestEnd()).isEqualTo(disk.earliest() + 86_400_000L);
        assertThat(request.constraints().get(0).toString()).isEqualTo("DSK.CON.after: DSK.begin - NET.end >= 1800");
        assertThat(request.objectives()).singleElement().satisfies(o -> assertThat(o.field()).isEqualTo("default"));
    }

    private SrlError refusal(String text) {
        return org.assertj.core.api.Assertions.catchThrowableOfType(SrlException.class, () -> parser.parse(text, 0))
                .error();
    }

    @Test
    void shouldThrowTheErrorAsAnSrlException() {
        assertThatThrownBy(() -> parser.parse("IBM.RVC.begin = 5", 0)).isInstanceOf(SrlException.class)
                .hasMessageContaining("rule=scope");
    }
}
