package io.coreserve.trace.events;

import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.NetworkLocation;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.Resource;
import io.coreserve.trace.swf.SwfHeader;
import io.coreserve.trace.swf.SwfJob;
import io.coreserve.trace.swf.TraceJob;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The SWF trace as pipeline events: the machine of the header becomes a catalogue, each job a collective
 * co-allocation request.
 *
 * <p><b>Catalogue.</b> {@code MaxNodes} nodes sharing {@code MaxProcs} cores as evenly as whole cores allow
 * (the first {@code MaxProcs mod MaxNodes} nodes get one more), so the catalogue has exactly {@code MaxProcs}
 * cores. Without {@code MaxNodes}: {@code MaxProcs} single-core nodes. Without {@code MaxProcs}: {@code MaxNodes}
 * single-core nodes. Without either: no catalogue (a note says so; the requests are still produced). Node ids
 * are {@code swf-node-0001}...; the only property is {@code cores}.
 *
 * <p><b>Requests.</b> A job asking for P processors is a collective request (seed 000 section 2) for
 * N = ceil(P / c) resources, c the cores of the largest node, with per-resource minimum {@code cores = 1} and
 * collective total {@code cores = P}: the fewest nodes that can hold the job, while any mix of partly free
 * nodes that together have P cores is acceptable (an SWF job asks for processors, not for whole nodes).
 * A job asking for more than the machine has stays as it is (the pipeline rejects it, as the machine would).
 * Duration: the requested time (the normaliser falls back to the run time and counts it). Times: the trace
 * start ({@code UnixStartTime}, or the configured start) plus the submit time is both t_e and the submission
 * time; t_l = t_e + the configured window. Id {@code swf-<job number>}, user {@code swf-user-<uid>}
 * ({@code swf-user-unknown} for uid -1), no e-mail.
 */
public final class SwfEventMapping {

    /** The quantitative property SWF describes. */
    public static final String CORES = "cores";
    public static final String REQUEST_ID_PREFIX = "swf-";
    public static final String USER_PREFIX = "swf-user-";
    public static final String NODE_ID_FORMAT = "swf-node-%04d";

    private SwfEventMapping() {
    }

    /** Cores of each node of the machine the header describes, in node order (empty if it describes none). */
    public static int[] nodeCores(SwfHeader header) {
        long nodes = header.maxNodes().filter(n -> n > 0).orElse(0L);
        long procs = header.maxProcs().filter(n -> n > 0).orElse(0L);
        if (nodes == 0 && procs == 0) {
            return new int[0];
        }
        if (nodes == 0) {
            nodes = procs;
        }
        if (procs == 0 || procs < nodes) {
            procs = nodes; // fewer processors than nodes makes no sense: one core each
        }
        if (nodes > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("MaxNodes " + nodes + " is too large for a catalogue");
        }
        int[] cores = new int[(int) nodes];
        long base = procs / nodes;
        long extra = procs % nodes;
        for (int i = 0; i < cores.length; i++) {
            cores[i] = Math.toIntExact(base + (i < extra ? 1 : 0));
        }
        return cores;
    }

    /** The largest node's cores, c in N = ceil(P / c); 1 when the header describes no machine. */
    public static int coresPerNode(int[] nodeCores) {
        int max = 1;
        for (int c : nodeCores) {
            max = Math.max(max, c);
        }
        return max;
    }

    /** The catalogue, with the trace start as the description's time. */
    public static List<Resource> catalogue(int[] nodeCores, String domain, Instant traceStart) {
        List<Resource> resources = new ArrayList<>(nodeCores.length);
        for (int i = 0; i < nodeCores.length; i++) {
            String id = String.format(NODE_ID_FORMAT, i + 1);
            Map<String, Double> properties = new LinkedHashMap<>();
            properties.put(CORES, (double) nodeCores[i]);
            resources.add(Resource.newBuilder()
                    .setId(id)
                    .setDomain(domain)
                    .setCluster(null)
                    .setProperties(properties)
                    .setLabels(new LinkedHashMap<>())
                    .setLocation(NetworkLocation.newBuilder().setHost(id).setSite(domain).build())
                    .setUpdatedAt(traceStart)
                    .build());
        }
        return resources;
    }

    /** Number of resources N for P processors on nodes of c cores. */
    public static int resourceCount(int processors, int coresPerNode) {
        return (int) ((processors + (long) coresPerNode - 1) / coresPerNode);
    }

    /** The request for one job; {@code raw} gives the user id, {@code job} the normalised values. */
    public static CoAllocationRequest request(SwfJob raw, TraceJob job, int coresPerNode, Instant traceStart,
                                              MappingOptions options) {
        Instant submitted = traceStart.plusSeconds(job.submitSeconds());
        Map<String, Double> minimums = new LinkedHashMap<>();
        minimums.put(CORES, 1.0);
        Map<String, Double> totals = new LinkedHashMap<>();
        totals.put(CORES, (double) job.processors());
        return CoAllocationRequest.newBuilder()
                .setRequestId(REQUEST_ID_PREFIX + job.id())
                .setUser(USER_PREFIX + (raw.userId() < 0 ? "unknown" : Long.toString(raw.userId())))
                .setEmail(null)
                .setDomain(options.domain())
                .setDurationMillis(Math.multiplyExact(job.requestedSeconds(), 1000L))
                .setResourceCount(resourceCount(job.processors(), coresPerNode))
                .setEarliestStart(submitted)
                .setLatestStart(submitted.plus(options.requestWindow()))
                .setMinimums(minimums)
                .setTotals(totals)
                .setRequirements(new LinkedHashMap<>())
                .setSubmittedAt(submitted)
                .build();
    }

    /** The request in the envelope the requests topic carries. */
    public static ReservationCommand command(CoAllocationRequest request) {
        return ReservationCommand.newBuilder().setCommand(request).build();
    }
}
