package io.coreserve.metrics;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.http.HttpApi;
import io.coreserve.reservation.ReservationPipeline;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.kafka.KafkaStreamsMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.List;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.state.QueryableStoreTypes;

/**
 * {@code GET /metrics} in the Prometheus text format (Micrometer): the JVM (memory, GC, threads, classes, CPU,
 * uptime), Kafka Streams and its clients ({@link KafkaStreamsMetrics}: records processed, commit and process
 * latency, the consumer's {@code records_lag}), the decisions ({@link DecisionMetrics}) and the entries of each
 * state store. Units are in the names ({@code _seconds}, {@code _bytes}), as Prometheus asks.
 */
public final class PrometheusMetrics implements AutoCloseable {

    private static final List<String> STORES = List.of(ReservationPipeline.CATALOGUE_STORE,
            ReservationPipeline.RESERVATIONS_STORE, ReservationPipeline.REQUESTS_STORE,
            ReservationPipeline.BACKGROUND_STORE, ReservationPipeline.DOWN_STORE,
            ReservationPipeline.PENDING_SAMPLES_STORE);

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final KafkaStreamsMetrics streamsMetrics;
    private final JvmGcMetrics gc = new JvmGcMetrics();
    private final DecisionMetrics decisions;

    private PrometheusMetrics(KafkaStreams streams, CoreserveConfig config) {
        new JvmMemoryMetrics().bindTo(registry);
        gc.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        streamsMetrics = new KafkaStreamsMetrics(streams);
        streamsMetrics.bindTo(registry);
        for (String store : STORES) {
            Gauge.builder("coreserve.store.entries", streams, s -> entries(s, store))
                    .description("approximate entries of a state store on this instance").tag("store", store)
                    .register(registry);
        }
        decisions = new DecisionMetrics(config, registry);
    }

    /** Declares {@code /metrics}; close the result with the app. */
    public static PrometheusMetrics register(HttpApi http, KafkaStreams streams, CoreserveConfig config) {
        PrometheusMetrics metrics = new PrometheusMetrics(streams, config);
        http.getOwnAnswer("/metrics", "metrics in the Prometheus text format: decisions by status, decision latency"
                + " and engine search time (histograms), Kafka Streams (records processed, consumer lag), store"
                + " entries, JVM", List.of(), ctx -> ctx.contentType("text/plain; version=0.0.4; charset=utf-8")
                .result(metrics.registry.scrape()));
        return metrics;
    }

    /** NaN while the store cannot be queried (starting, rebalancing), so a scrape never fails for it. */
    private static double entries(KafkaStreams streams, String store) {
        try {
            return streams.store(StoreQueryParameters.fromNameAndType(store, QueryableStoreTypes.keyValueStore()))
                    .approximateNumEntries();
        } catch (RuntimeException e) {
            return Double.NaN;
        }
    }

    @Override
    public void close() {
        decisions.close();
        streamsMetrics.close();
        gc.close();
        registry.close();
    }
}
