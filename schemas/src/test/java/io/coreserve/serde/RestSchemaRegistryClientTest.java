package io.coreserve.serde;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.coreserve.events.CancelRequest;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class RestSchemaRegistryClientTest {

    @Test
    void shouldSayWhichRegistryIsUnreachableWhenNothingListens() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        var client = new RestSchemaRegistryClient("http://127.0.0.1:" + port + "/apis/ccompat/v7");

        assertThatThrownBy(() -> client.register("t-value", CancelRequest.getClassSchema()))
                .isInstanceOf(SchemaRegistryException.class)
                .hasMessageContaining("127.0.0.1:" + port)
                .hasMessageContaining("unreachable")
                .hasMessageContaining("t-value");
    }
}
