package io.coreserve.topology;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.offers.pipeline.OfferFlowSettings;
import io.coreserve.offers.pipeline.OfferFlowTopology;
import io.coreserve.reservation.ReservationPipeline;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyConfig;

/**
 * The application's one topology and the one place it is put together: the reservation pipeline
 * ({@link PipelineTopology}'s nodes around the stores and handlers of {@link ReservationPipeline}) and, unless
 * {@code coreserve.offers.enabled=false}, the offers-based co-allocation of seed 001 (metascheduler and provider
 * agents over their own topics) and, unless {@code coreserve.vgrid.enabled=false}, the virtual grid coordinator of
 * seed 004 ({@link io.coreserve.vgrid.VirtualGridTopology}). Names of the parts do not clash, so each part's
 * changelogs keep their names.
 */
public final class CoreserveTopology {


    private CoreserveTopology() {
    }

    public static Topology build(CoreserveConfig config, ReservationPipeline reservations) {
        // Built with the application's settings: a bare new Topology() reads a default configuration of its own and
        // warns about settings the application has made.
        Topology topology = new Topology(new TopologyConfig(new StreamsConfig(config.streamsProperties())));
        EventSerdes serdes = new EventSerdes(config);
        PipelineTopology.addTo(topology, config.topics(), serdes, reservations.handlers(), reservations.stores());
        if (offersEnabled(config)) {
            OfferFlowTopology.addTo(topology, config.topics(), serdes, OfferFlowSettings.from(config));
        }
        if (io.coreserve.vgrid.VirtualGridSettings.enabled(config)) {
            io.coreserve.vgrid.VirtualGridTopology.addTo(topology, config.topics(), serdes,
                    io.coreserve.vgrid.VirtualGridSettings.from(config));
        }
        return topology;
    }

    public static boolean offersEnabled(CoreserveConfig config) {
        return !"false".equalsIgnoreCase(config.get(io.coreserve.config.Settings.OFFERS_ENABLED));
    }
}
