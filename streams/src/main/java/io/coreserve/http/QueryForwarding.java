package io.coreserve.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.coreserve.http.HttpApi.Response;
import io.javalin.http.Context;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.StreamsMetadata;
import org.apache.kafka.streams.state.HostInfo;

/**
 * Several instances answer as one service: a question about a domain is answered by the instance whose stream task
 * holds that domain's books (Kafka Streams' metadata: {@code application.server} of each instance, and the
 * partition the domain routes to), and a question about every domain gathers each instance's own answers.
 *
 * <p>A forwarded question carries {@link #LOCAL_ONLY}, and an instance never forwards such a question again: during
 * a rebalance two instances may each believe the other owns a domain, and the header keeps that from looping (the
 * answer is then this instance's, possibly "state not available yet").
 */
public final class QueryForwarding {

    /** Set on a forwarded question: answer from this instance's own state. */
    public static final String LOCAL_ONLY = "X-Coreserve-Local-Only";

    private final KafkaStreams streams;
    private final String store;
    private final HostInfo self;
    private final HttpClient client;
    private final Duration timeout;

    /**
     * @param store a store of the tasks keyed by domain (which one does not matter: they share their partitions)
     * @param self  this instance's {@code application.server}, or null when the application runs alone
     */
    public QueryForwarding(KafkaStreams streams, String store, HostInfo self, Duration timeout) {
        this.streams = streams;
        this.store = store;
        this.self = self;
        this.timeout = timeout;
        this.client = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    /** An instance that answers everything itself (no {@code application.server}: it runs alone). */
    public static QueryForwarding none() {
        return new QueryForwarding(null, null, null, Duration.ofSeconds(1));
    }

    /**
     * The answer of the instance that owns {@code domain} to the question {@code ctx} holds, or null when this
     * instance answers it: it owns the domain, the question was forwarded already, or nobody is known to own it.
     */
    public Response toOwner(Context ctx, String domain) {
        HostInfo owner = ctx.header(LOCAL_ONLY) == null ? otherOwner(domain) : null;
        return owner == null ? null : ask(ctx, owner, "the instance that holds domain " + domain);
    }

    /**
     * The answer of the instance that owns {@code domain} to {@code GET pathAndQuery}, or null when this instance
     * holds the domain (or nobody is known to): for a question this instance asks on its own behalf, such as the
     * console looking up a reservation before it cancels it, where the page's request is not the one to forward.
     */
    public Response getFromOwner(String domain, String pathAndQuery) {
        HostInfo owner = otherOwner(domain);
        return owner == null ? null
                : ask(owner, "the instance that holds domain " + domain, "GET", pathAndQuery, null, null);
    }

    /** The instance that owns {@code domain} when it is another one than this, else null. */
    private HostInfo otherOwner(String domain) {
        if (self == null) {
            return null;
        }
        KeyQueryMetadata owner = streams.queryMetadataForKey(store, domain, Serdes.String().serializer());
        if (owner == null || owner.equals(KeyQueryMetadata.NOT_AVAILABLE) || owner.activeHost().equals(self)) {
            return null;
        }
        return owner.activeHost();
    }

    /**
     * The answers of every other instance to the question {@code ctx} holds, each asked for its own state only;
     * empty when this instance runs alone or the question was forwarded to it. An instance that cannot answer
     * makes the whole answer fail (503), rather than a silently partial list.
     */
    public List<JsonNode> fromOthers(Context ctx) {
        if (self == null || ctx.header(LOCAL_ONLY) != null) {
            return List.of();
        }
        List<JsonNode> answers = new ArrayList<>();
        for (StreamsMetadata instance : streams.metadataForAllStreamsClients()) {
            if (!instance.hostInfo().equals(self)) {
                Response r = ask(ctx, instance.hostInfo(), "instance " + instance.hostInfo());
                if (r.status() != 200) {
                    throw new ApiError(r.status() == 404 ? 503 : r.status(), null, String.valueOf(r.body()));
                }
                answers.add((JsonNode) r.body());
            }
        }
        return answers;
    }

    private Response ask(Context ctx, HostInfo host, String who) {
        String query = ctx.queryString();
        return ask(host, who, ctx.method().name(), ctx.path() + (query == null || query.isEmpty() ? "" : "?" + query),
                ctx.attribute(BodyReader.BODY_ATTRIBUTE), ctx.contentType());
    }

    private Response ask(HostInfo host, String who, String method, String pathAndQuery, byte[] body,
            String contentType) {
        URI uri = URI.create("http://" + host.host() + ":" + host.port() + pathAndQuery);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout).header(LOCAL_ONLY, "1")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        try {
            HttpResponse<byte[]> answer = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            return new Response(answer.statusCode(), HttpApi.JSON.readTree(answer.body()));
        } catch (IOException e) {
            return new Response(503, Map.of("error", who + " (" + host.host() + ":" + host.port()
                    + ") did not answer: " + e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Response.error(503, "interrupted while asking " + who);
        }
    }
}
