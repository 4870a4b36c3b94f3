package io.coreserve.connect;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A minimal SMTP server on the loopback address whose replies to RCPT TO are scripted by the recipient's local part,
 * for the failure paths a real server (GreenMail) cannot be told to take: {@code busy*} gets 451 (try later) the
 * first {@code busyReplies} times, {@code unknown*} always gets 550 (no such user); everyone else is accepted and
 * recorded in {@link #delivered()}.
 */
final class ScriptedSmtpServer implements AutoCloseable {

    private final ServerSocket socket;
    private final Thread thread;
    private final AtomicInteger busyReplies;
    private final List<String> delivered = new CopyOnWriteArrayList<>();

    ScriptedSmtpServer(int busyReplies) throws IOException {
        this.busyReplies = new AtomicInteger(busyReplies);
        this.socket = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
        this.thread = new Thread(this::serve, "scripted-smtp");
        thread.setDaemon(true);
        thread.start();
    }

    int port() {
        return socket.getLocalPort();
    }

    /** Recipients of the messages accepted, in order. */
    List<String> delivered() {
        return List.copyOf(delivered);
    }

    private void serve() {
        while (!socket.isClosed()) {
            try (Socket client = socket.accept()) {
                converse(client);
            } catch (IOException closedOrDropped) {
                // next connection, or the end
            }
        }
    }

    private void converse(Socket client) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.US_ASCII));
        PrintWriter out = new PrintWriter(new OutputStreamWriter(client.getOutputStream(), StandardCharsets.US_ASCII), true);
        reply(out, "220 scripted ESMTP");
        String recipient = null;
        String line;
        while ((line = in.readLine()) != null) {
            String command = line.length() >= 4 ? line.substring(0, 4).toUpperCase() : line.toUpperCase();
            switch (command) {
                case "EHLO", "HELO" -> reply(out, "250 scripted");
                case "MAIL" -> reply(out, "250 OK");
                case "RCPT" -> {
                    String address = line.substring(line.indexOf('<') + 1, line.indexOf('>'));
                    if (address.startsWith("busy") && busyReplies.getAndDecrement() > 0) {
                        reply(out, "451 4.3.0 Mailbox busy, try again later");
                    } else if (address.startsWith("unknown")) {
                        reply(out, "550 5.1.1 No such user");
                    } else {
                        recipient = address;
                        reply(out, "250 OK");
                    }
                }
                case "DATA" -> {
                    reply(out, "354 End data with <CR><LF>.<CR><LF>");
                    while ((line = in.readLine()) != null && !line.equals(".")) {
                        // the message itself is not needed
                    }
                    delivered.add(recipient);
                    reply(out, "250 OK queued");
                }
                case "QUIT" -> {
                    reply(out, "221 Bye");
                    return;
                }
                default -> reply(out, "250 OK"); // RSET, NOOP
            }
        }
    }

    private static void reply(PrintWriter out, String text) {
        out.print(text + "\r\n");
        out.flush();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
