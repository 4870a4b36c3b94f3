package io.coreserve.engine.vgrid.select;

import io.coreserve.engine.vgrid.Vgdl;
import io.coreserve.engine.vgrid.classify.Classifier;
import io.coreserve.engine.vgrid.classify.ClassifierSettings;
import io.coreserve.engine.vgrid.classify.ClusterTable;
import io.coreserve.engine.vgrid.classify.GridTables;
import io.coreserve.engine.vgrid.classify.SyntheticGrid;
import io.coreserve.engine.vgrid.vgdl.Attribute;
import io.coreserve.engine.vgrid.vgdl.Condition;
import io.coreserve.engine.vgrid.vgdl.Entity;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class ComponentSelectorTest {

    private static final String[] RANKS = {"Clock", "FreeCores", "FreeMemory + 2 * Clock", "Memory"};

    /** Selection against a brute-force reference (every host tested, plain sorts) on small random grids. */
    @Test
    void shouldPickTheSameClustersAndHostsAsBruteForce() throws Exception {
        SplittableRandom random = new SplittableRandom(3);
        for (int round = 0; round < 60; round++) {
            GridTables tables = Classifier.classify(new SyntheticGrid(40, 700, 6, round), ClassifierSettings.DEFAULTS);
            int k = 1 + random.nextInt(4);
            int n = 1 + random.nextInt(5);
            int a = 1 + random.nextInt(6);
            int b = a + random.nextInt(20);
            String cond = "Clock >= " + (800 + 100 * random.nextInt(25)) + " && FreeCores >= " + random.nextInt(3)
                    + (random.nextBoolean() ? " && Memory >= 1024" : " || Arch == \"ia64\"");
            String rank = RANKS[random.nextInt(RANKS.length)];
            String text = "v = LooseBagOf(c)[1:%d] { c = ClusterOf(h)[%d:%d] { h = [%s] [Rank = %s] } }"
                    .formatted(k, a, b, cond, rank);
            Decomposition d = Vgdl.compile(text);

            SelectionResult result = new ComponentSelector(tables).select(d, n);

            List<int[]> expected = bruteForce(tables, (Entity.Aggregate) d.groups().get(0).shape(), k * n);
            assertThat(result.matched()).as(text).isEqualTo(!expected.isEmpty());
            List<int[]> actual = new ArrayList<>();
            int components = result.components().size();
            for (int e = 0; e < expected.size(); e++) {
                actual.add(result.components().get(e % components).selections().get(e / components).hosts());
            }
            assertThat(result.components()).as(text).hasSize(Math.min(k, expected.size()));
            assertThat(actual).as(text).hasSameSizeAs(expected);
            for (int e = 0; e < expected.size(); e++) {
                assertThat(actual.get(e)).as(text + " entry " + e).containsExactly(expected.get(e));
            }
        }
    }

    @Test
    void shouldDealDisjointSelectionsToSiblingComponents() throws Exception {
        GridTables tables = Classifier.classify(new SyntheticGrid(200, 5000, 10, 1), ClassifierSettings.DEFAULTS);
        Decomposition d = Vgdl.compile("v = LooseBagOf(c)[4] { c = ClusterOf(h)[2:8] { h = [Clock >= 1000] [Rank = Clock] } }");

        SelectionResult result = new ComponentSelector(tables).select(d, 3);

        assertThat(result.components()).hasSize(4);
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (ComponentSelections c : result.components()) {
            assertThat(c.selections()).hasSize(3);
            for (Candidate s : c.selections()) {
                for (int h : s.hosts()) {
                    assertThat(seen.add(h)).as("host %d selected twice", h).isTrue();
                }
            }
        }
        Candidate first = result.components().get(0).selections().get(0);
        Candidate fifth = result.components().get(0).selections().get(1);
        assertThat(first.primary()).isGreaterThanOrEqualTo(fifth.primary());
    }

    @Test
    void shouldSayWhyWhenTooFewEntriesQualify() throws Exception {
        GridTables tables = Classifier.classify(new SyntheticGrid(20, 200, 3, 1), ClassifierSettings.DEFAULTS);
        Decomposition d = Vgdl.compile("v = LooseBagOf(c)[3:4] { c = ClusterOf(h)[1] { h = [Clock >= 99999] } }");

        SelectionResult result = new ComponentSelector(tables).select(d, 2);

        assertThat(result.matched()).isFalse();
        assertThat(result.unmatched()).hasValueSatisfying(s -> assertThat(s).contains("0 qualifying", "3 needed"));
    }

    @Test
    void shouldSelectTightBagsOfClusters() throws Exception {
        GridTables tables = Classifier.classify(new SyntheticGrid(300, 6000, 4, 2), new ClassifierSettings(10, 0.05));
        Decomposition d = Vgdl.compile("v = TightBagOf(c)[2:3] { c = ClusterOf(h)[4:16] { h = [Clock >= 1500] [Rank = Clock] } }");

        SelectionResult result = new ComponentSelector(tables).select(d, 2);

        assertThat(result.components()).hasSize(1);
        for (Candidate s : result.components().get(0).selections()) {
            assertThat(s.clusters().length).isBetween(2, 3);
            int bag = tables.clusters().tightBag(s.clusters()[0]);
            for (int c : s.clusters()) {
                assertThat(tables.clusters().tightBag(c)).isEqualTo(bag);
            }
        }
    }

    @Test
    void shouldSelectACloseGroupInsideOneTightBag() throws Exception {
        GridTables tables = Classifier.classify(new SyntheticGrid(300, 6000, 4, 2), new ClassifierSettings(10, 0.05));
        Decomposition d = Vgdl.compile("v = ClusterOf(a)[4:8] { a = [Clock >= 1500] [Rank = Clock] }"
                + " close ClusterOf(b)[2:4] { b = [Clock >= 1500] [Rank = Memory] } highBW [FreeCores >= 1]");

        SelectionResult result = new ComponentSelector(tables).select(d, 3);

        assertThat(result.components()).hasSize(1);
        List<Candidate> selections = result.components().get(0).selections();
        assertThat(selections).isNotEmpty();
        java.util.Set<Integer> bags = new java.util.HashSet<>();
        for (Candidate s : selections) {
            assertThat(s.size()).isBetween(4 + 2 + 1, 8 + 4 + 1);
            assertThat(Arrays.stream(s.hosts()).distinct().count()).isEqualTo(s.size());
            int bag = tables.clusters().tightBag(s.clusters()[0]);
            assertThat(bags.add(bag)).as("one entry per TightBag").isTrue();
            for (int c : s.clusters()) {
                assertThat(tables.clusters().tightBag(c)).isEqualTo(bag);
            }
        }
    }

    @Test
    void shouldKeepFarComponentsInDifferentTightBags() throws Exception {
        GridTables tables = Classifier.classify(new SyntheticGrid(300, 6000, 6, 2), new ClassifierSettings(10, 0.05));
        String cluster = "ClusterOf(h%d)[2:8] { h%d = [Clock >= 1000] [Rank = Clock] }";
        Decomposition d = Vgdl.compile("v = " + cluster.formatted(1, 1) + " far " + cluster.formatted(2, 2));

        SelectionResult result = new ComponentSelector(tables).select(d, 4);

        assertThat(result.components()).hasSize(2);
        java.util.Set<Integer> first = new java.util.HashSet<>();
        for (Candidate s : result.components().get(0).selections()) {
            first.add(tables.clusters().tightBag(s.clusters()[0]));
        }
        assertThat(result.components().get(1).selections()).isNotEmpty();
        for (Candidate s : result.components().get(1).selections()) {
            assertThat(first).doesNotContain(tables.clusters().tightBag(s.clusters()[0]));
        }
    }

    @Test
    void shouldSelectTheBestSingleHostsForALooseBagOfNodesAndHostsOfOneTightBag() throws Exception {
        GridTables tables = Classifier.classify(new SyntheticGrid(100, 3000, 5, 4), new ClassifierSettings(10, 0.05));
        Decomposition hosts = Vgdl.compile("v = LooseBagOf(h)[3] { h = [FreeCores >= 1] [Rank = Clock * 10 + FreeMemory / 1000] }");
        Decomposition bag = Vgdl.compile("v = TightBagOf(h)[5:20] { h = [FreeCores >= 1] [Rank = Clock] }");

        SelectionResult single = new ComponentSelector(tables).select(hosts, 2);
        SelectionResult inBag = new ComponentSelector(tables).select(bag, 2);

        assertThat(single.components()).hasSize(3);
        double[] ranks = single.components().stream().flatMap(c -> c.selections().stream())
                .mapToDouble(Candidate::secondary).sorted().toArray();
        double best = 0;
        for (int h = 0; h < tables.hosts().size(); h++) {
            if (tables.hosts().value(Attribute.FREE_CORES, h) >= 1) {
                best = Math.max(best, tables.hosts().value(Attribute.CLOCK, h) * 10 + tables.hosts().value(Attribute.FREE_MEMORY, h) / 1000.0);
            }
        }
        assertThat(ranks).hasSize(6);
        assertThat(ranks[5]).isEqualTo(best);
        assertThat(single.components().get(0).selections().get(0).secondary()).isEqualTo(best);
        for (Candidate c : inBag.components().get(0).selections()) {
            assertThat(c.size()).isBetween(5, 20);
            for (int h : c.hosts()) {
                assertThat(tables.hosts().value(Attribute.FREE_CORES, h)).isPositive();
            }
            assertThat(Arrays.stream(c.clusters()).map(tables.clusters()::tightBag).distinct().count()).isEqualTo(1);
        }
    }

    /** The reference: every host tested directly, hosts and clusters sorted with plain comparators. */
    private static List<int[]> bruteForce(GridTables t, Entity.Aggregate cluster, int limit) {
        Entity.Node node = (Entity.Node) cluster.child();
        ClusterTable ct = t.clusters();
        record Entry(int id, int chosen, double mean, int[] hosts) {
        }
        List<Entry> entries = new ArrayList<>();
        for (int c = 0; c < ct.size(); c++) {
            List<Integer> ok = new ArrayList<>();
            for (int h = ct.firstHost(c); h < ct.endHost(c); h++) {
                if (test(t, node.condition(), c, h)) {
                    ok.add(h);
                }
            }
            if (ok.size() < cluster.count().min()) {
                continue;
            }
            ok.sort(Comparator.comparingDouble((Integer h) -> -rank(t, node, h)).thenComparingInt(h -> h));
            int[] chosen = ok.subList(0, Math.min(ok.size(), cluster.count().max())).stream().mapToInt(i -> i).toArray();
            double mean = Arrays.stream(chosen).mapToDouble(h -> rank(t, node, h)).average().orElse(0);
            entries.add(new Entry(c, chosen.length, mean, chosen));
        }
        entries.sort(Comparator.comparingInt((Entry e) -> -e.chosen()).thenComparingDouble(e -> -e.mean())
                .thenComparingInt(Entry::id));
        return entries.stream().limit(limit).map(Entry::hosts).toList();
    }

    private static double rank(GridTables t, Entity.Node node, int h) {
        return node.rank().map(r -> r.evaluate(a -> t.hosts().value(a, h))).orElse(0.0);
    }

    private static boolean test(GridTables t, Condition c, int cluster, int h) {
        if (c instanceof Condition.And and) {
            return test(t, and.left(), cluster, h) && test(t, and.right(), cluster, h);
        }
        if (c instanceof Condition.Or or) {
            return test(t, or.left(), cluster, h) || test(t, or.right(), cluster, h);
        }
        if (c instanceof Condition.Not not) {
            return !test(t, not.operand(), cluster, h);
        }
        Condition.Comparison cmp = (Condition.Comparison) c;
        if (cmp.attribute() == Attribute.ARCH) {
            boolean eq = t.arches().get(t.clusters().arch(cluster)).equals(cmp.label());
            return cmp.op() == Condition.Comparator.EQ ? eq : !eq;
        }
        if (cmp.attribute() == Attribute.PROCESSOR) {
            boolean eq = t.processors().get(t.clusters().processor(cluster)).equals(cmp.label());
            return cmp.op() == Condition.Comparator.EQ ? eq : !eq;
        }
        return cmp.op().test(t.hosts().value(cmp.attribute(), h), cmp.number());
    }
}
