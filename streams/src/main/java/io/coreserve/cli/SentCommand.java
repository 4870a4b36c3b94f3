package io.coreserve.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.coreserve.app.EventProducer;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.ReservationCommand;
import java.time.Instant;
import org.apache.avro.specific.SpecificRecord;

/**
 * A command about one of the user's requests ({@code cancel}, {@code accept}), sent to the requests topic signed
 * by the user's credentials (the producer's signing interceptor), keyed by its domain; printed as the request id,
 * or with {@code --json} as what was sent.
 */
record SentCommand(String command, String requestId, String user, String domain, Instant start) {

    static SentCommand send(CoreserveConfig config, String command, String requestId, String user, String domain,
            Instant start, SpecificRecord body) throws Exception {
        String key = domain != null ? domain : config.require(CoreserveConfig.DEFAULT_DOMAIN);
        EventProducer.sendCommand(config, key, ReservationCommand.newBuilder().setCommand(body).build());
        return new SentCommand(command, requestId, user, key, start);
    }

    String print(boolean json) {
        if (!json) {
            return requestId;
        }
        ObjectNode node = AppHttp.JSON.createObjectNode().put("command", command).put("requestId", requestId)
                .put("user", user).put("domain", domain);
        if (start != null) {
            node.put("start", start.toEpochMilli());
        }
        return node.put("sentAt", Instant.now().toEpochMilli()).toString();
    }
}
