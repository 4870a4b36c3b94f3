package io.coreserve.cli;

import io.coreserve.cli.request.TimeSyntax;
import io.coreserve.config.ClientSettings;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.VirtualGridBinding;
import io.coreserve.events.VirtualGridRequest;
import io.coreserve.topology.EventSerdes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import picocli.CommandLine.Option;

/**
 * {@code submit --vgdl FILE}: a virtual grid request (seed 004) instead of a co-allocation request, with the
 * submit command's id, user, e-mail, duration and earliest/latest start. Sent to the vgrid-requests topic keyed by
 * request id, where the coordinator decides it across domains.
 */
public final class VgdlOptions {

    @Option(names = "--vgdl", paramLabel = "FILE", description = "Submit a virtual grid: the vgDL specification in "
            + "FILE (seed 004; the components may come from several domains).")
    Path vgdl;
    @Option(names = "--selections", description = "With --vgdl: selections per component N (default 16).")
    int selections = 16;
    @Option(names = "--binding", description = "With --vgdl: integrated (default) or separate.")
    String binding = "integrated";

    boolean requested() {
        return vgdl != null;
    }

    /** Builds the request from the file and the submit command's flags. */
    VirtualGridRequest request(String id, String user, String email, String duration, String earliest, String latest,
            Instant now) throws IOException {
        if (duration == null) {
            throw new IllegalArgumentException("--duration is required with --vgdl");
        }
        return VirtualGridRequest.newBuilder()
                .setRequestId(id != null ? id : UUID.randomUUID().toString())
                .setUser(user).setEmail(email)
                .setVgdl(Files.readString(vgdl))
                .setDurationMillis(TimeSyntax.duration(duration).toMillis())
                .setEarliestStart(earliest == null ? null : TimeSyntax.instant(earliest, now))
                .setLatestStart(latest == null ? null : TimeSyntax.instant(latest, now))
                .setSelections(selections)
                .setBinding(VirtualGridBinding.valueOf(binding.trim().toUpperCase(Locale.ROOT)))
                .setSubmittedAt(now).build();
    }

    static void send(CoreserveConfig config, VirtualGridRequest request)
            throws InterruptedException, ExecutionException {
        Properties props = ClientSettings.producer(config);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<String, VirtualGridRequest> producer = new KafkaProducer<>(props, new StringSerializer(),
                new EventSerdes(config).vgridRequests().serializer())) {
            producer.send(new ProducerRecord<>(config.topics().vgridRequests(), request.getRequestId(), request)).get();
        }
    }
}
