package dev.wholetrace.workloads.races;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;

/**
 * A server's acceptor thread stopped the usual way (OkHttp's MockWebServer, many small servers): main sets
 * {@code stopReason}, then closes the {@link ServerSocket}; the acceptor, blocked in {@code accept()} (or calling it
 * again after its last client), gets a {@link SocketException} and reads {@code stopReason} to log it. The close and
 * the failing accept synchronize inside the JDK (the socket's state lock, JDK 17 and 25), so main's write happens
 * before the acceptor's read; main then joins the acceptor. No race. Until session 43 the agent saw no hand-over
 * there: MockWebServer's {@code closed} flag, written in {@code close()} and read by the acceptor's log line, was
 * reported.
 */
public final class ServerSocketCloseNo {
    public static final String[] RACES = {};

    static String stopReason;

    public static void main(String[] args) throws Exception {
        ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        String[] seen = new String[1];
        Thread acceptor = new Thread(() -> acceptUntilClosed(server, seen), "acceptor");
        acceptor.start();
        try (Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort())) {
            if (client.getInputStream().read() != 42) throw new AssertionError("no answer");
        }
        stopReason = "shutdown";
        server.close();
        acceptor.join();
        if (!"shutdown".equals(seen[0])) throw new AssertionError("acceptor saw " + seen[0]);
        System.out.println("stopped: " + seen[0]);
    }

    /** Accepts and answers one byte until the socket is closed; then reads why. */
    static void acceptUntilClosed(ServerSocket server, String[] seen) {
        while (true) {
            try (Socket s = server.accept()) {
                s.getOutputStream().write(42);
            } catch (SocketException closed) {
                seen[0] = stopReason;
                return;
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
