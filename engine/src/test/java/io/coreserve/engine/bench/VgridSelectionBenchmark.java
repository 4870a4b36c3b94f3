package io.coreserve.engine.bench;

import io.coreserve.engine.vgrid.Vgdl;
import io.coreserve.engine.vgrid.classify.Classifier;
import io.coreserve.engine.vgrid.classify.ClassifierSettings;
import io.coreserve.engine.vgrid.classify.GridTables;
import io.coreserve.engine.vgrid.classify.SyntheticGrid;
import io.coreserve.engine.vgrid.select.ComponentSelector;
import io.coreserve.engine.vgrid.select.SelectionResult;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;

/**
 * Seed 004 section 4.4 (Figure 5): compile + select 16 selections per component over the seeded 30,000-cluster,
 * 1,000,000-host grid, one request shape per aggregate type. The paper's p90: 2.52 s (Cluster), 5.47 s (TightBag),
 * 5.56 s (LooseBag) on a Pentium 4 3.2 GHz with a relational database.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class VgridSelectionBenchmark {

    private static final String CLUSTER = "ClusterOf(h)[16:64] { h = [Processor == \"Xeon\" && Clock >= 2800 && Memory >= 1024]"
            + " [Rank = Clock] }";

    /** Constraints on static attributes only (decided per cluster) or also on a dynamic one (scans hosts). */
    @Param({"static", "dynamic"})
    public String constraints;

    @Param({"Cluster", "TightBag", "LooseBag"})
    public String aggregate;

    private ComponentSelector selector;
    private String spec;

    @Setup(Level.Trial)
    public void setUp() {
        GridTables tables = Classifier.classify(new SyntheticGrid(30_000, 1_000_000, 2_000, 1), new ClassifierSettings(2, 0.05));
        selector = new ComponentSelector(tables);
        String cluster = constraints.equals("static") ? CLUSTER : CLUSTER.replace("Memory >= 1024", "FreeCores >= 1");
        spec = switch (aggregate) {
            case "Cluster" -> "v = " + cluster;
            case "TightBag" -> "v = TightBagOf(c)[2:4] { c = " + cluster + " }";
            default -> "v = LooseBagOf(c)[4:8] { c = " + cluster + " }";
        };
    }

    @Benchmark
    public SelectionResult select() throws Exception {
        return selector.select(Vgdl.compile(spec), 16);
    }
}
