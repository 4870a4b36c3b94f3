package io.coreserve.reservation;

import io.coreserve.events.Resource;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Figure 1 of Röblitz (seed 002) on a small domain: the IBM p690, the PC cluster and the SGI Onyx of the paper, a
 * plain node, and links joining the p690 to the two others (SRL texts in {@code src/test/resources/io/coreserve/srl}).
 */
public final class SrlScenario {

    /** Figure 1's earliest start, Dec 12 18:00:00 2007 UTC. */
    public static final Instant EST = Instant.ofEpochSecond(1197482400L);
    /** An hour before it: when the requests are sent. */
    public static final Instant SENT = EST.minusSeconds(3600);

    private SrlScenario() {
    }

    /** The SRL text of {@code name} (figure1.srl, figure1-links.srl). */
    public static String srl(String name) {
        try (InputStream in = SrlScenario.class.getResourceAsStream("/io/coreserve/srl/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The catalogue of {@code domain}: three machines of Figure 1, one plain node and two links. */
    public static List<Resource> resources(String domain) {
        List<Resource> resources = new ArrayList<>();
        resources.add(node(domain, "ibm", 32, Map.of("arch", "IBM p690", "price.cores", "1")));
        resources.add(node(domain, "pcc", 64, Map.of("arch", "PC cluster", "price.cores", "0.5")));
        resources.add(node(domain, "onyx", 8, Map.of("arch", "SGI Onyx", "type", "visualize")));
        resources.add(node(domain, "n1", 4, Map.of("arch", "x86_64")));
        resources.add(link(domain, "ibm-pcc", "ibm", "pcc"));
        resources.add(link(domain, "ibm-onyx", "ibm", "onyx"));
        return resources;
    }

    private static Resource node(String domain, String id, double cores, Map<String, String> labels) {
        return Resource.newBuilder().setId(id).setDomain(domain).setProperties(Map.of("cores", cores))
                .setLabels(labels).setUpdatedAt(SENT).build();
    }

    private static Resource link(String domain, String id, String a, String b) {
        return Resource.newBuilder().setId(id).setDomain(domain).setProperties(Map.of("netbw_mbps", 10_000.0))
                .setLabels(Map.of("type", "network", "endpoint.a", a, "endpoint.b", b)).setUpdatedAt(SENT).build();
    }
}
