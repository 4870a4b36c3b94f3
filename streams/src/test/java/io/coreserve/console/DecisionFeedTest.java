package io.coreserve.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.coreserve.app.TopicAdmin;
import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.testing.EmbeddedKafka;
import io.coreserve.topology.EventSerdes;
import io.javalin.Javalin;
import io.javalin.http.HandlerType;
import io.javalin.http.sse.SseHandler;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import javax.management.ObjectName;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The console's live feed on a real broker: while no page is connected it fetches nothing (decisions written then
 * are neither fetched nor decoded), and a page that connects is sent the decisions committed after it came.
 */
@Tag("integration")
class DecisionFeedTest {

    private static final String APPLICATION_ID = "decision-feed-test";

    private static EmbeddedKafka kafka;
    private static CoreserveConfig config;

    @BeforeAll
    static void startBroker() throws Exception {
        kafka = EmbeddedKafka.start();
        config = CoreserveConfig.of(Map.of(
                StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                StreamsConfig.APPLICATION_ID_CONFIG, APPLICATION_ID,
                CoreserveConfig.SCHEMA_REGISTRY_URL, "mock://decision-feed-test",
                CoreserveConfig.PARTITIONS, "2"));
        TopicAdmin.ensureTopics(config.bootstrapServers(), config.topics(), 2, (short) 1);
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (kafka != null) {
            kafka.close();
        }
    }

    @Test
    void fetchesNothingWithoutAPageAndFeedsAPageWhatIsDecidedAfterItCame() throws Exception {
        try (KafkaProducer<String, ReservationDecision> producer = new KafkaProducer<>(ClientSettings.producer(config),
                new StringSerializer(), new EventSerdes(config).decisions().serializer());
                DecisionFeed feed = new DecisionFeed(config)) {
            for (int i = 0; i < 20; i++) {
                producer.send(record(decision("unseen-" + i)));
            }
            producer.flush();
            // Paused: not one fetch, though twenty decisions wait to be read (the feed's consumer's own count).
            await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(5))
                    .until(() -> fetchesSent() == 0.0);

            Javalin page = Javalin.create(c -> {
                c.startup.showJavalinBanner = false;
                c.jetty.port = 0;
                c.routes.addHttpHandler(HandlerType.GET, "/events", new SseHandler(0, feed::attach));
            }).start();
            List<String> lines = new CopyOnWriteArrayList<>();
            try (Stream<String> events = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://localhost:" + page.port() + "/events")).header("Accept", "text/event-stream")
                    .GET().build(),
                    HttpResponse.BodyHandlers.ofLines()).body()) {
                Thread reader = new Thread(() -> {
                    try {
                        events.forEach(lines::add);
                    } catch (UncheckedIOException e) {
                        // closed
                    }
                });
                reader.setDaemon(true);
                reader.start();
                // The headers come just before the page is attached: wait until the feed counts it.
                await().atMost(Duration.ofSeconds(10)).until(() -> feed.pages() == 1);
                producer.send(record(decision("seen"))).get();

                await().atMost(Duration.ofSeconds(30)).until(() -> lines.stream()
                        .anyMatch(l -> l.startsWith("data: decision ACCEPTED alice/seen")));
                assertThat(fetchesSent()).isPositive();
                // Written more than a second before the page came, when the feed last looked the ends up.
                assertThat(lines).noneMatch(l -> l.contains("unseen-"));
            } finally {
                page.stop();
            }
        }
    }

    private static ProducerRecord<String, ReservationDecision> record(ReservationDecision d) {
        return new ProducerRecord<>(config.topics().decisions(), d.getRequestId(), d);
    }

    private static ReservationDecision decision(String requestId) {
        return ReservationDecision.newBuilder().setRequestId(requestId).setUser("alice").setDomain("default")
                .setStatus(ReservationStatus.ACCEPTED).setMessage("booked").setDecidedAt(Instant.now())
                .build();
    }

    /** The feed consumer's {@code fetch-total} (Kafka's client metrics, registered in JMX). */
    private static double fetchesSent() throws Exception {
        ObjectName name = new ObjectName("kafka.consumer:type=consumer-fetch-manager-metrics,client-id="
                + APPLICATION_ID + "-console-feed");
        return ((Number) ManagementFactory.getPlatformMBeanServer().getAttribute(name, "fetch-total")).doubleValue();
    }
}
