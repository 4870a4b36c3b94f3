package io.coreserve.cli.request;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The request flags of {@code probe}, the same as {@code submit}'s (in the spirit of {@code sbatch}); applied over a
 * request file's values.
 */
public final class RequestFlags {

    @Option(names = "--id", description = "Request id (default: a random UUID).")
    String id;
    @Option(names = "--user", description = "User the request is for (default: the credentials' local user).")
    String user;
    @Option(names = "--email", description = "E-mail address for notifications.")
    String email;
    @Option(names = "--domain", description = "Domain (site or pool); default: the configured default domain.")
    String domain;
    @Option(names = {"--n", "--nodes"}, description = "Number of resources N.")
    Integer n;
    @Option(names = {"--duration", "--time"}, description = "Duration t_res: 2h, 1h30m, 90m, 02:00:00 or PT2H.")
    String duration;
    @Option(names = {"--earliest", "--begin"}, description = "Earliest start t_e: ISO time, epoch ms, now or +1h.")
    String earliest;
    @Option(names = "--latest", description = "Latest start t_l: ISO time, epoch ms, or +6h.")
    String latest;
    @Option(names = "--min", paramLabel = "PROP=AMOUNT", description = "Per-resource minimum e_i (repeatable).")
    Map<String, Double> min = new LinkedHashMap<>();
    @Option(names = "--total", paramLabel = "PROP=AMOUNT", description = "Total over all resources d_i (repeatable).")
    Map<String, Double> total = new LinkedHashMap<>();
    @Option(names = "--require", paramLabel = "LABEL=VALUE", description = "Qualitative requirement (repeatable).")
    Map<String, String> require = new LinkedHashMap<>();

    /** {@code spec} with every flag given put over the file's value. */
    public RequestSpec applyTo(RequestSpec spec) {
        spec.id = id != null ? id : spec.id;
        spec.user = user != null ? user : spec.user;
        spec.email = email != null ? email : spec.email;
        spec.domain = domain != null ? domain : spec.domain;
        spec.n = n != null ? n : spec.n;
        spec.duration = duration != null ? duration : spec.duration;
        spec.earliest = earliest != null ? earliest : spec.earliest;
        spec.latest = latest != null ? latest : spec.latest;
        spec.min.putAll(min);
        spec.total.putAll(total);
        spec.require.putAll(require);
        return spec;
    }
}
