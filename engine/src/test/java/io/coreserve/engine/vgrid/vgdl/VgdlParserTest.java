package io.coreserve.engine.vgrid.vgdl;

import io.coreserve.engine.vgrid.Vgdl;
import io.coreserve.engine.vgrid.select.ComponentGroup;
import io.coreserve.engine.vgrid.select.Decomposition;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class VgdlParserTest {

    static final String FIGURE_1 = """
            vgdl = LooseBagOf (clusters) [2:4] {
              clusters = ClusterOf (hosts) [64] {
                hosts = [ (Processor == "Pentium 4") &&
                  (Clock >= 3000) && (Memory >= 1024) &&
                  (Disk >= 20480) ] [Rank = Clock] } }
            """;

    @Test
    void shouldParseFigure1AsALooseBagOfClustersOfRankedNodes() throws Exception {
        VgdlSpec spec = VgdlParser.parse(FIGURE_1);

        Entity.Aggregate bag = (Entity.Aggregate) spec.root();
        assertThat(bag.kind()).isEqualTo(AggregateKind.LOOSE_BAG);
        assertThat(bag.count()).isEqualTo(new Count(2, 4));
        Entity.Aggregate cluster = (Entity.Aggregate) bag.child();
        assertThat(cluster.kind()).isEqualTo(AggregateKind.CLUSTER);
        assertThat(cluster.count()).isEqualTo(new Count(64, 64));
        Entity.Node node = (Entity.Node) cluster.child();
        assertThat(node.rank()).contains(new Arith.Ref(Attribute.CLOCK));
        var eq = Condition.Comparator.EQ;
        Condition expected = new Condition.And(new Condition.And(new Condition.And(
                new Condition.Comparison(Attribute.PROCESSOR, eq, "Pentium 4", 0),
                new Condition.Comparison(Attribute.CLOCK, Condition.Comparator.GE, null, 3000)),
                new Condition.Comparison(Attribute.MEMORY, Condition.Comparator.GE, null, 1024)),
                new Condition.Comparison(Attribute.DISK, Condition.Comparator.GE, null, 20480));
        assertThat(node.condition()).isEqualTo(expected);
    }

    @Test
    void shouldDecomposeFigure1IntoTwoToFourClusterComponents() throws Exception {
        Decomposition d = Vgdl.compile(FIGURE_1);

        assertThat(d.groups()).hasSize(1);
        ComponentGroup g = d.groups().get(0);
        assertThat(((Entity.Aggregate) g.shape()).kind()).isEqualTo(AggregateKind.CLUSTER);
        assertThat(g.minComponents()).isEqualTo(2);
        assertThat(g.maxComponents()).isEqualTo(4);
    }

    @Test
    void shouldParseFigure2sRangeCount() throws Exception {
        Decomposition d = Vgdl.compile("vgdl = ClusterOf(host) [8:32] { host = [Clock >= 2000] [Rank = Clock] }");

        assertThat(((Entity.Aggregate) d.groups().get(0).shape()).count()).isEqualTo(new Count(8, 32));
        assertThat(d.maxComponents()).isEqualTo(1);
    }

    @Test
    void shouldSplitFarOperandsAndKeepCloseOnesTogether() throws Exception {
        String cluster = "ClusterOf(h%d)[2]{ h%d = [Clock >= 1] }";
        Decomposition far = Vgdl.compile("v = " + cluster.formatted(1, 1) + " far " + cluster.formatted(2, 2));
        Decomposition close = Vgdl.compile("v = " + cluster.formatted(1, 1) + " close " + cluster.formatted(2, 2));

        assertThat(far.groups()).hasSize(2);
        assertThat(far.apart()).hasSize(1);
        assertThat(close.groups()).hasSize(1);
        assertThat(close.groups().get(0).shape()).isInstanceOf(Entity.Connection.class);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            empty                 | '   '                                                                       | EMPTY_SPEC          | 1:4  | empty specification
            syntax                | v = ClusterOf(h)[2] { h = [Clock >= 1 }                                     | SYNTAX              | 1:39 | expected ']'
            stray character       | v = ClusterOf(h)[2] { h = [Clock >= 1] } $                                  | SYNTAX              | 1:42 | unexpected character '$'
            unknown aggregate     | v = BagOf(h)[2] { h = [Clock >= 1] }                                        | UNKNOWN_AGGREGATE   | 1:5  | unknown aggregate 'BagOf'
            count zero            | v = ClusterOf(h)[0] { h = [Clock >= 1] }                                    | BAD_COUNT           | 1:18 | at least 1
            count reversed        | v = ClusterOf(h)[4:2] { h = [Clock >= 1] }                                  | BAD_COUNT           | 1:18 | minimum is larger than the maximum
            defined twice         | v = LooseBagOf(c)[2] { c = ClusterOf(c2)[2] { c2 = [Clock>=1] } far TightBagOf(x)[1] { x = ClusterOf(c2)[1] { c2 = [Clock>=1] } } } | DUPLICATE_NAME | 1:111 | 'c2' is defined twice
            never defined         | v = ClusterOf(hosts)[64] { host = [Clock >= 1] }                            | UNDEFINED_NAME      | 1:15 | 'hosts' is never defined
            self reference        | a = ClusterOf(a)[4] { a = [Clock >= 1] }                                    | CYCLIC_REFERENCE    | 1:15 | refers to itself
            cyclic reference      | a = LooseBagOf(b)[2] { b = ClusterOf(h)[2] { h = [Clock >= 1] } far b }     | CYCLIC_REFERENCE    | 1:69 | refers to itself
            forbidden nesting     | v = ClusterOf(t)[2] { t = TightBagOf(c)[2] { c = ClusterOf(h)[2] { h = [Clock >= 1] } } } | FORBIDDEN_NESTING | 1:27 | ClusterOf cannot contain TightBagOf
            loosebag in loosebag  | v = LooseBagOf(l)[2] { l = LooseBagOf(h)[2] { h = [Clock >= 1] } }          | FORBIDDEN_NESTING   | 1:28 | LooseBagOf cannot contain LooseBagOf
            far in close group    | v = [Clock >= 1] close ([Clock >= 2] far [Clock >= 3])                      | FORBIDDEN_NESTING   | 1:38 | 'far' inside a 'close' group
            tightbag in close     | v = [Clock >= 1] close TightBagOf(h)[2] { h = [Clock >= 1] }                | FORBIDDEN_NESTING   | 1:24 | not a TightBagOf
            unknown attribute     | v = ClusterOf(h)[2] { h = [Speed >= 1] }                                    | UNKNOWN_ATTRIBUTE   | 1:28 | unknown attribute 'Speed'
            aggregate in host     | v = ClusterOf(h)[2] { h = [Nodes >= 1] }                                    | UNKNOWN_ATTRIBUTE   | 1:28 | describes an aggregate
            number vs string      | v = ClusterOf(h)[2] { h = [Clock == "fast"] }                               | TYPE_MISMATCH       | 1:37 | Clock is a number
            label ordered         | v = ClusterOf(h)[2] { h = [Processor >= 3] }                                | TYPE_MISMATCH       | 1:38 | only == and != apply
            label vs number       | v = ClusterOf(h)[2] { h = [Processor == 3] }                                | TYPE_MISMATCH       | 1:41 | compare it with a quoted string
            label in rank         | v = ClusterOf(h)[2] { h = [Clock >= 1] [Rank = Arch] }                      | TYPE_MISMATCH       | 1:48 | a rank needs numbers
            undefined operand     | v = ClusterOf(h)[2] { h = [Clock >= 1] } far other                          | UNDEFINED_OPERAND   | 1:46 | operand 'other'
            too many components   | v = LooseBagOf(c)[300] { c = ClusterOf(h)[2] { h = [Clock >= 1] } }         | TOO_MANY_COMPONENTS | 1:5  | up to 300 components; at most 256
            """)
    void shouldRejectEveryBadInputWithItsRuleAndPlace(String name, String text, VgdlRule rule, String at, String message) {
        VgdlException e = catchThrowableOfType(() -> Vgdl.compile(text), VgdlException.class);

        assertThat(e).as(name).isNotNull();
        assertThat(e.rule()).as(name + ": " + e.getMessage()).isEqualTo(rule);
        assertThat(e.position().toString()).as(name + ": " + e.getMessage()).isEqualTo(at);
        assertThat(e.reason()).as(name).contains(message);
    }

    @Test
    void shouldReportLineAndColumnOnLaterLines() {
        VgdlException e = catchThrowableOfType(() -> VgdlParser.parse("v = ClusterOf(h)[2] {\n  h = [Clok >= 1] }"),
                VgdlException.class);

        assertThat(e.position()).isEqualTo(new Position(2, 8));
        assertThat(e.getMessage()).startsWith("2:8: unknown attribute 'Clok'");
    }
}
