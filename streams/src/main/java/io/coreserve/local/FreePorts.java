package io.coreserve.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/** Free TCP ports on the loopback interface, for child processes that must be told their port up front. */
public final class FreePorts {

    private FreePorts() {
    }

    /**
     * A port that was free on 127.0.0.1 a moment ago. Another process may take it before the child binds it;
     * the launchers fail clearly (the child does not come up) rather than retrying.
     */
    public static int pick() {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free port on 127.0.0.1", e);
        }
    }

    /** Whether {@code port} can be bound on 127.0.0.1 now. */
    public static boolean isFree(int port) {
        if (port <= 0 || port > 65_535) {
            return false;
        }
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** {@code preferred} if it is free, else a new free port. */
    public static int preferring(int preferred) {
        return isFree(preferred) ? preferred : pick();
    }
}
