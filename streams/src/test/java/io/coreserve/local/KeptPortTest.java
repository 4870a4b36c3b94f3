package io.coreserve.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A port kept in the data directory: the same one again while it is free, another one when it is taken. */
class KeptPortTest {

    @TempDir
    Path dataDir;

    @Test
    void shouldChooseTheKeptPortAgainWhileItIsFree() {
        KeptPort kept = new KeptPort(dataDir.resolve("http.port"));
        int first = kept.choose();
        kept.keep(first);

        assertThat(new KeptPort(dataDir.resolve("http.port")).choose()).isEqualTo(first);
    }

    @Test
    void shouldChooseAnotherFreePortWhenTheKeptOneIsTaken() throws Exception {
        KeptPort kept = new KeptPort(dataDir.resolve("http.port"));
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            kept.keep(taken.getLocalPort());

            assertThat(kept.choose()).isNotEqualTo(taken.getLocalPort()).isPositive();
        }
    }

    @Test
    void shouldChooseAnyFreePortWithoutAReadableFile() throws Exception {
        Files.writeString(dataDir.resolve("http.port"), "not a port");

        assertThat(new KeptPort(dataDir.resolve("http.port")).remembered()).isZero();
        assertThat(new KeptPort(dataDir.resolve("missing")).choose()).isPositive();
    }
}
