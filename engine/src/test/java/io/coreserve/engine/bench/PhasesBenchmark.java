package io.coreserve.engine.bench;

import io.coreserve.engine.allocation.Algorithm;
import io.coreserve.engine.allocation.CoAllocator;
import io.coreserve.engine.allocation.EngineConfig;
import io.coreserve.engine.allocation.Outcome;
import io.coreserve.engine.model.Request;
import io.coreserve.engine.timetable.FlatTimetables;
import io.coreserve.engine.timetable.TimetableStore;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Time per request of the search (probe: Phases I-V, Phase I being a trivial sample here) on the paper's
 * 606-node instance with background occupancy, single pass (M_max = M_init = 3, L_1 = 7, L_2 = 10) as in
 * section 4.3. The paper reports 1.0 ms on average for N = 5, < 0.1 s for N = 15 and < 1 s for N = 60.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PhasesBenchmark {

    @Param({"5", "15", "60"})
    public int n;

    @Param({"PAPER", "IMPROVED"})
    public Algorithm algorithm;

    /** The compact timetables the engine uses, or their plain reference model for comparison. */
    @Param({"compact", "flat"})
    public String timetables;

    private CoAllocator engine;
    private Request[] requests;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        PlanetLabGrid grid = PlanetLabGrid.build(606, 40, 2010_08_18L);
        EngineConfig config = EngineConfig.defaults().withM(3, 3).withAlgorithm(algorithm);
        TimetableStore store = timetables.equals("flat")
                ? FlatTimetables.copyOf(grid.timetables, grid.catalogue.size()) : grid.timetables;
        engine = new CoAllocator(grid.catalogue, store, config);
        List<Request> list = PlanetLabGrid.requests(n, 90, 17L * n, false);
        requests = list.toArray(new Request[0]);
    }

    @Benchmark
    public Outcome probe() {
        Request request = requests[next];
        next = next + 1 == requests.length ? 0 : next + 1;
        return engine.probe(request);
    }
}
