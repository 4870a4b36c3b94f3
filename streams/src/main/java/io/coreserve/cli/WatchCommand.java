package io.coreserve.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.coreserve.http.AvroJson;
import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.Allocation;
import io.coreserve.events.Notification;
import io.coreserve.events.ReservationDecision;
import io.coreserve.serde.SchemaRegistryUnavailableException;
import io.coreserve.topology.EventSerdes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "watch", mixinStandardHelpOptions = true,
        description = "Print decisions and notifications as they arrive (from the beginning of the topics unless --from-now).")
public final class WatchCommand implements Callable<Integer> {

    @Mixin
    ConnectionOptions connection;

    @Option(names = "--json", description = "One JSON object a line, with \"type\":\"decision\" or \"notification\".")
    boolean json;

    @Option(names = "--count", paramLabel = "N", description = "Exit after N records.")
    Integer count;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "Exit after this many seconds.")
    Long timeoutSeconds;

    @Option(names = "--request", paramLabel = "ID", description = "Only records about this request id.")
    String requestId;

    /** What a line is about: a decision or a notification (a request usually has both, in no fixed order). */
    enum RecordType { decision, notification }

    @Option(names = "--type", paramLabel = "TYPE",
            description = "Only decisions or only notifications (${COMPLETION-CANDIDATES}); both by default.")
    RecordType type;

    @Option(names = "--from-now", description = "Skip what is already on the topics.")
    boolean fromNow;

    @Override
    public Integer call() throws Exception {
        CoreserveConfig config = connection.load();
        EventSerdes serdes = new EventSerdes(config);
        Deserializer<ReservationDecision> decisions = serdes.decisions().deserializer();
        Deserializer<Notification> notifications = serdes.notifications().deserializer();
        String decisionTopic = config.topics().decisions();
        Properties props = ClientSettings.consumer(config);
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        long deadline = timeoutSeconds == null ? Long.MAX_VALUE : System.nanoTime() + Duration.ofSeconds(timeoutSeconds).toNanos();
        int printed = 0;
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (String topic : topicsToRead(decisionTopic, config.topics().notifications())) {
                consumer.partitionsFor(topic).forEach(p -> partitions.add(new TopicPartition(topic, p.partition())));
            }
            consumer.assign(partitions);
            if (fromNow) {
                consumer.seekToEnd(partitions);
            } else {
                consumer.seekToBeginning(partitions);
            }
            while ((count == null || printed < count) && System.nanoTime() < deadline) {
                long leftMillis = Math.max(1, Math.min(500, (deadline - System.nanoTime()) / 1_000_000));
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(leftMillis))) {
                    boolean isDecision = record.topic().equals(decisionTopic);
                    SpecificRecord value = read(isDecision ? decisions : notifications, record);
                    if (value == null || !matches(value)) {
                        continue;
                    }
                    System.out.println(json ? asJson(isDecision, value) : describe(value));
                    System.out.flush();
                    if (count != null && ++printed >= count) {
                        break;
                    }
                }
            }
        }
        return count == null || printed >= count ? 0 : 1;
    }

    /**
     * The record's value, or null (and a line on stderr) when it cannot be read: one bad record on the topics (only
     * the app writes them where ACLs are on, anyone elsewhere) stopped every later {@code watch} from the beginning.
     * An unreachable registry is not a bad record: that error ends the command.
     */
    private static SpecificRecord read(Deserializer<? extends SpecificRecord> deserializer,
            ConsumerRecord<byte[], byte[]> record) {
        try {
            return deserializer.deserialize(record.topic(), record.value());
        } catch (RuntimeException e) {
            if (SchemaRegistryUnavailableException.isCause(e)) {
                throw e;
            }
            System.err.println("coreserve watch: skipped unreadable record " + record.topic() + "-"
                    + record.partition() + "@" + record.offset() + ": " + e.getMessage());
            return null;
        }
    }

    /** The decisions and notifications topics, or the one {@code --type} asks for. */
    private List<String> topicsToRead(String decisionTopic, String notificationTopic) {
        if (type == null) {
            return List.of(decisionTopic, notificationTopic);
        }
        return List.of(type == RecordType.decision ? decisionTopic : notificationTopic);
    }

    private boolean matches(SpecificRecord value) {
        if (requestId == null) {
            return true;
        }
        String id = value instanceof ReservationDecision d ? d.getRequestId() : ((Notification) value).getRequestId();
        return requestId.equals(id);
    }

    private static String asJson(boolean isDecision, SpecificRecord value) {
        ObjectNode node = AvroJson.toJson(value);
        ObjectNode wrapped = node.objectNode().put("type", isDecision ? "decision" : "notification");
        wrapped.setAll(node);
        return wrapped.toString();
    }

    static String describe(SpecificRecord value) {
        if (value instanceof ReservationDecision d) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "decision %-13s %s", d.getStatus(), d.getRequestId()));
            if (d.getStart() != null) {
                line.append(" ").append(d.getStart()).append(" .. ").append(d.getEnd());
            }
            if (!d.getAllocations().isEmpty()) {
                line.append(" on ").append(d.getAllocations().stream().map(WatchCommand::describe).collect(Collectors.joining(", ")));
            }
            line.append(utilisation(d.getUtilisationFactor()));
            if (d.getReasonCode() != null) {
                line.append(" [").append(d.getReasonCode()).append("]");
            }
            return line.append(" ").append(d.getMessage()).toString();
        }
        Notification n = (Notification) value;
        return String.format(Locale.ROOT, "notify   %-13s %s to %s%s: %s", n.getKind(), n.getRequestId(), n.getUser(),
                n.getEmail() == null ? "" : " <" + n.getEmail() + ">", n.getMessage());
    }

    /**
     * The utilisation factor U (seed 000 eq. 2) as a percentage with three significant digits: U is a product over all
     * properties of the booked share, so it is often far below 0.001 (printed as {@code U=0.000} before) and still
     * tells one placement from another. Empty when the decision has none or it is not a number.
     */
    static String utilisation(Double u) {
        if (u == null || !Double.isFinite(u)) {
            return "";
        }
        java.math.BigDecimal percent = java.math.BigDecimal.valueOf(u * 100)
                .round(new java.math.MathContext(3)).stripTrailingZeros();
        return " U=" + percent.toPlainString() + "%";
    }

    private static String describe(Allocation a) {
        return a.getResourceId() + a.getAmounts().entrySet().stream()
                .map(e -> String.format(Locale.ROOT, "%s=%.2f", e.getKey(), e.getValue()))
                .collect(Collectors.joining(",", "(", ")"));
    }

}
