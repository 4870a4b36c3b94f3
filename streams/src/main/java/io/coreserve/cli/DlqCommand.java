package io.coreserve.cli;

import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.deadletter.DeadLetter;
import io.coreserve.http.AvroJson;
import io.coreserve.serde.AvroDeserializer;
import io.coreserve.serde.WireFormat;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import org.apache.avro.generic.IndexedRecord;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.streams.StreamsConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The operator's tool for dead letters: list them, show one, put an original back on its topic, and make the
 * pipeline skip a record it cannot get past. coreserve writes every dead letter to partition 0 of the dead-letter
 * topic ({@code coreserve.topic.dead-letter}), so a dead letter is named by its offset there; {@code --dlq-partition}
 * reads another partition (dead letters written by something else).
 */
@Command(name = "dlq", mixinStandardHelpOptions = true,
        description = "List, show and replay dead letters; skip a record the pipeline cannot get past.",
        subcommands = {DlqCommand.ListLetters.class, DlqCommand.Show.class, DlqCommand.Replay.class,
                DlqCommand.Skip.class})
public final class DlqCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /** Options every dlq subcommand shares. */
    static final class Common {
        @Mixin
        ConnectionOptions connection;

        @Option(names = "--dlq-partition", paramLabel = "P", defaultValue = "0",
                description = "Partition of the dead-letter topic (default 0).")
        int partition;

        @Option(names = "--verbose", description = "Print stack traces of errors.")
        boolean verbose;
    }

    /** Reads dead letters from the dead-letter topic, by offset. */
    static final class Letters implements AutoCloseable {
        private final KafkaConsumer<byte[], byte[]> consumer;
        private final TopicPartition partition;

        Letters(CoreserveConfig config, int partition) {
            this.consumer = consumer(config);
            this.partition = new TopicPartition(config.topics().deadLetter(), partition);
        }

        List<ConsumerRecord<byte[], byte[]>> all() {
            return range(partition, 0, Long.MAX_VALUE);
        }

        ConsumerRecord<byte[], byte[]> at(long offset) {
            List<ConsumerRecord<byte[], byte[]>> found = range(partition, offset, offset + 1);
            if (found.isEmpty() || found.get(0).offset() != offset) {
                throw new IllegalArgumentException("no dead letter at offset " + offset + " of " + partition);
            }
            return found.get(0);
        }

        /** The records of {@code tp} from {@code from} (inclusive) to {@code to} (exclusive) or its end. */
        List<ConsumerRecord<byte[], byte[]>> range(TopicPartition tp, long from, long to) {
            consumer.assign(List.of(tp));
            long start = Math.max(from, consumer.beginningOffsets(List.of(tp)).get(tp));
            long end = Math.min(to, consumer.endOffsets(List.of(tp)).get(tp));
            List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
            if (start >= end) {
                return records;
            }
            consumer.seek(tp, start);
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            // Transaction markers take offsets too: stop at the end offset, not at a record count.
            while (consumer.position(tp) < end && System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(500)).records(tp)) {
                    if (r.offset() < end) {
                        records.add(r);
                    }
                }
            }
            return records;
        }

        @Override
        public void close() {
            consumer.close();
        }

        private static KafkaConsumer<byte[], byte[]> consumer(CoreserveConfig config) {
            Properties props = ClientSettings.consumer(config);
            props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
            props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
            props.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, Integer.toString(4 * 1024 * 1024));
            props.remove(ConsumerConfig.GROUP_ID_CONFIG);
            return new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        }
    }

    /** One line about a dead letter: offset, original, size, truncated, error. */
    static String summary(ConsumerRecord<byte[], byte[]> letter) {
        Headers h = letter.headers();
        String topic = DeadLetter.header(h, DeadLetter.TOPIC);
        // No topic: the error happened outside a record (a punctuation, the stream-time tick).
        String original = topic == null ? "(no input record)" : topic + "-"
                + DeadLetter.header(h, DeadLetter.PARTITION) + "@" + DeadLetter.header(h, DeadLetter.OFFSET);
        String size = DeadLetter.header(h, DeadLetter.ORIGINAL_VALUE_SIZE);
        String stage = DeadLetter.header(h, DeadLetter.STAGE);
        String failed = DeadLetter.header(h, DeadLetter.FAILED_TOPIC);
        String message = String.valueOf(DeadLetter.header(h, DeadLetter.MESSAGE)).replaceAll("\\s+", " ");
        if (message.length() > 160) {
            message = message.substring(0, 160) + "...";
        }
        return String.format(Locale.ROOT, "%d %s size=%s truncated=%s stage=%s%s %s: %s", letter.offset(), original,
                size == null ? String.valueOf(letter.value() == null ? 0 : letter.value().length) : size,
                "true".equals(DeadLetter.header(h, DeadLetter.TRUNCATED)) ? "yes" : "no",
                stage == null ? "?" : stage, failed == null ? "" : " failed-topic=" + failed,
                simpleName(DeadLetter.header(h, DeadLetter.EXCEPTION)), message);
    }

    private static String simpleName(String className) {
        return className == null ? "?" : className.substring(className.lastIndexOf('.') + 1);
    }

    private static int fail(Common common, Exception e) {
        System.err.println("dlq: " + e.getMessage());
        if (common.verbose) {
            e.printStackTrace();
        }
        return 1;
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = "One line per dead letter: offset, original topic-partition@offset, size, truncated, error.")
    static final class ListLetters implements Callable<Integer> {
        @Mixin
        Common common = new Common();

        @Override
        public Integer call() {
            try (Letters letters = new Letters(common.connection.loadAsOperator(), common.partition)) {
                for (ConsumerRecord<byte[], byte[]> letter : letters.all()) {
                    System.out.println(summary(letter));
                }
                return 0;
            } catch (Exception e) {
                return fail(common, e);
            }
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = "A dead letter's headers and payload (as Avro JSON when it can be read, else hex).")
    static final class Show implements Callable<Integer> {
        @Mixin
        Common common = new Common();

        @Parameters(index = "0", paramLabel = "OFFSET", description = "Offset of the dead letter.")
        long offset;

        @Option(names = "--max-hex", paramLabel = "BYTES", defaultValue = "512",
                description = "At most this many payload bytes in hex (default 512).")
        int maxHex;

        @Override
        public Integer call() {
            try {
                CoreserveConfig config = common.connection.loadAsOperator();
                try (Letters letters = new Letters(config, common.partition)) {
                    ConsumerRecord<byte[], byte[]> letter = letters.at(offset);
                    System.out.println(summary(letter));
                    for (Header header : letter.headers()) {
                        String value = header.value() == null ? "null"
                                : new String(header.value(), StandardCharsets.UTF_8);
                        System.out.println("  " + header.key() + ": " + value.replace("\n", "\n      "));
                    }
                    byte[] key = letter.key();
                    System.out.println("key: " + (key == null ? "null" : new String(key, StandardCharsets.UTF_8)));
                    System.out.println("payload: " + describe(config, letter));
                }
                return 0;
            } catch (Exception e) {
                return fail(common, e);
            }
        }

        private String describe(CoreserveConfig config, ConsumerRecord<byte[], byte[]> letter) {
            byte[] value = letter.value();
            if (value == null) {
                return "none";
            }
            boolean truncated = "true".equals(DeadLetter.header(letter.headers(), DeadLetter.TRUNCATED));
            if (!truncated && value.length > WireFormat.HEADER_SIZE && value[0] == WireFormat.MAGIC_BYTE) {
                try {
                    AvroDeserializer<?> avro = new AvroDeserializer<>();
                    avro.configure(config.asMap(), false);
                    Object read = avro.deserialize(DeadLetter.header(letter.headers(), DeadLetter.TOPIC), value);
                    if (read instanceof IndexedRecord record) {
                        return "Avro " + AvroJson.toJson(record);
                    }
                } catch (RuntimeException notAvro) {
                    // Then it is shown as bytes, which is what the pipeline could not read either.
                }
            }
            int shown = Math.min(value.length, maxHex);
            return value.length + " bytes" + (truncated ? " (truncated)" : "") + ", hex"
                    + (shown < value.length ? " (first " + shown + ")" : "") + ": "
                    + HexFormat.of().formatHex(value, 0, shown);
        }
    }

    @Command(name = "replay", mixinStandardHelpOptions = true,
            description = {"Put originals of dead letters back on their original topics, to be processed again.",
                    "A complete payload is sent as it is; a truncated one is fetched whole from the original topic."})
    static final class Replay implements Callable<Integer> {
        @Mixin
        Common common = new Common();

        @Parameters(index = "0", arity = "0..1", paramLabel = "OFFSET", description = "Offset of the dead letter.")
        Long offset;

        @Option(names = "--all", description = "Replay every dead letter.")
        boolean all;

        @Override
        public Integer call() {
            if ((offset == null) == !all) {
                System.err.println("dlq replay: give either OFFSET or --all");
                return 2;
            }
            try {
                CoreserveConfig config = common.connection.loadAsOperator();
                Properties props = ClientSettings.producer(config);
                props.put(ProducerConfig.ACKS_CONFIG, "all");
                props.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, Integer.toString(4 * 1024 * 1024));
                try (Letters letters = new Letters(config, common.partition);
                        KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(props, new ByteArraySerializer(),
                                new ByteArraySerializer())) {
                    List<ConsumerRecord<byte[], byte[]>> chosen = all ? letters.all() : List.of(letters.at(offset));
                    for (ConsumerRecord<byte[], byte[]> letter : chosen) {
                        ProducerRecord<byte[], byte[]> original = original(letters, letter);
                        RecordMetadata sent = producer.send(original).get();
                        System.out.println("replayed " + letter.offset() + " to " + sent.topic() + "-"
                                + sent.partition() + "@" + sent.offset());
                    }
                }
                return 0;
            } catch (Exception e) {
                return fail(common, e);
            }
        }

        /** The original record of {@code letter}: its payload if whole, else read again from where it came from. */
        static ProducerRecord<byte[], byte[]> original(Letters letters, ConsumerRecord<byte[], byte[]> letter) {
            Headers h = letter.headers();
            String topic = DeadLetter.header(h, DeadLetter.TOPIC);
            String partition = DeadLetter.header(h, DeadLetter.PARTITION);
            String offset = DeadLetter.header(h, DeadLetter.OFFSET);
            if (topic == null || partition == null || offset == null || Long.parseLong(offset) < 0) {
                throw new IllegalArgumentException("dead letter " + letter.offset() + " does not say where its "
                        + "original came from (an error outside record processing)");
            }
            boolean whole = DeadLetter.PAYLOAD_ORIGINAL.equals(DeadLetter.header(h, DeadLetter.PAYLOAD))
                    && !"true".equals(DeadLetter.header(h, DeadLetter.TRUNCATED));
            int p = Integer.parseInt(partition);
            if (whole) {
                return new ProducerRecord<>(topic, p, letter.key(), letter.value(), originalHeaders(h));
            }
            long o = Long.parseLong(offset);
            List<ConsumerRecord<byte[], byte[]>> found = letters.range(new TopicPartition(topic, p), o, o + 1);
            if (found.isEmpty() || found.get(0).offset() != o) {
                throw new IllegalStateException("dead letter " + letter.offset() + " is truncated and its original "
                        + topic + "-" + p + "@" + o + " is no longer on the topic (retention); nothing replayed");
            }
            ConsumerRecord<byte[], byte[]> source = found.get(0);
            return new ProducerRecord<>(topic, p, source.key(), source.value(), source.headers());
        }

        /** The headers the original record had: everything but the dead letter's own. */
        private static Headers originalHeaders(Headers h) {
            Headers kept = new RecordHeaders();
            for (Header header : h) {
                if (!header.key().startsWith("__streams.errors.") && !header.key().startsWith("coreserve.dlq.")) {
                    kept.add(header);
                }
            }
            return kept;
        }
    }

    @Command(name = "skip", mixinStandardHelpOptions = true,
            description = {"Make the pipeline skip one record it cannot get past: moves the application's committed "
                    + "offset on TOPIC-PARTITION from OFFSET to OFFSET+1.",
                    "Only while the application is stopped (its consumer group has no members), and only when the "
                            + "group stands at OFFSET, so that nothing else is skipped."})
    static final class Skip implements Callable<Integer> {
        @Mixin
        Common common = new Common();

        @Option(names = "--topic", required = true, paramLabel = "T", description = "Topic of the record.")
        String topic;

        @Option(names = "--partition", required = true, paramLabel = "P", description = "Partition of the record.")
        int partition;

        @Option(names = "--offset", required = true, paramLabel = "O", description = "Offset of the record.")
        long offset;

        @Option(names = "--force", description = "Skip even if the group does not stand at OFFSET (skips what lies between).")
        boolean force;

        @Option(names = "--application-id", paramLabel = "ID",
                description = "The pipeline's application.id (its consumer group); default from the configuration.")
        String applicationId;

        @Override
        public Integer call() {
            try {
                CoreserveConfig config = common.connection.loadAsOperator();
                String group = applicationId != null ? applicationId : config.require(StreamsConfig.APPLICATION_ID_CONFIG);
                TopicPartition tp = new TopicPartition(topic, partition);
                try (Admin admin = Admin.create(ClientSettings.admin(config))) {
                    ConsumerGroupDescription description;
                    try {
                        description = admin.describeConsumerGroups(List.of(group)).all().get().get(group);
                    } catch (java.util.concurrent.ExecutionException e) {
                        if (e.getCause() instanceof GroupIdNotFoundException) {
                            throw new IllegalStateException("consumer group '" + group + "' does not exist");
                        }
                        throw e;
                    }
                    if (description.groupState() == GroupState.DEAD) {
                        throw new IllegalStateException("consumer group '" + group + "' does not exist");
                    }
                    if (!description.members().isEmpty() || description.groupState() != GroupState.EMPTY) {
                        System.err.println("dlq skip: refused: consumer group '" + group + "' is active ("
                                + description.groupState() + ", " + description.members().size() + " members); stop "
                                + "the application first");
                        return 1;
                    }
                    Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                            .partitionsToOffsetAndMetadata().get();
                    OffsetAndMetadata at = committed.get(tp);
                    if (!force && (at == null || at.offset() != offset)) {
                        System.err.println("dlq skip: refused: consumer group '" + group + "' stands at "
                                + (at == null ? "no committed offset" : "offset " + at.offset()) + " on " + tp
                                + ", not at " + offset + "; skipping would skip other records too");
                        return 1;
                    }
                    // Kafka Streams keeps its partition time in the offset's metadata: keep it, or stream time
                    // would start again from nothing.
                    OffsetAndMetadata next = at == null ? new OffsetAndMetadata(offset + 1)
                            : new OffsetAndMetadata(offset + 1, at.leaderEpoch(), at.metadata());
                    admin.alterConsumerGroupOffsets(group, Map.of(tp, next)).all().get();
                    System.out.println("skipped " + tp + "@" + offset + ": group '" + group + "' now at " + (offset + 1));
                }
                return 0;
            } catch (Exception e) {
                return fail(common, e);
            }
        }
    }
}
