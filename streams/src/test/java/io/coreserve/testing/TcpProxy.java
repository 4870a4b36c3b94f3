package io.coreserve.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback TCP proxy that can be taken down and brought back on the same port: while it is down, connecting
 * to it is refused, as to a stopped server, and every connection it had is cut. Used to cut a client off from a
 * real server without stopping the server (an in-memory registry would lose its schemas if it were restarted).
 */
public final class TcpProxy implements AutoCloseable {

    private final int targetPort;
    private final int port;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile ServerSocket server;

    private TcpProxy(int targetPort, int port) {
        this.targetPort = targetPort;
        this.port = port;
    }

    /** A proxy to 127.0.0.1:{@code targetPort}, up, on a free port. */
    public static TcpProxy to(int targetPort) throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        TcpProxy proxy = new TcpProxy(targetPort, port);
        proxy.up();
        return proxy;
    }

    public int port() {
        return port;
    }

    public synchronized void up() throws IOException {
        if (server != null) {
            return;
        }
        ServerSocket socket = new ServerSocket();
        socket.setReuseAddress(true);
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        server = socket;
        Thread acceptor = new Thread(() -> accept(socket), "tcp-proxy-" + port);
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** Stops listening and cuts every connection: clients now get "connection refused". */
    public synchronized void down() throws IOException {
        if (server == null) {
            return;
        }
        server.close();
        server = null;
        for (Socket s : open) {
            s.close();
        }
        open.clear();
    }

    private void accept(ServerSocket socket) {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                Socket target = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                open.add(client);
                open.add(target);
                pump(client, target);
                pump(target, client);
            } catch (IOException closed) {
                // down(), or the target refused: the client sees its connection closed.
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread t = new Thread(() -> {
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                in.transferTo(out);
            } catch (IOException cut) {
                // One side closed.
            } finally {
                try {
                    from.close();
                    to.close();
                } catch (IOException ignored) {
                    // Already closed.
                }
                open.remove(from);
                open.remove(to);
            }
        }, "tcp-proxy-pump-" + port);
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() throws IOException {
        down();
    }
}
