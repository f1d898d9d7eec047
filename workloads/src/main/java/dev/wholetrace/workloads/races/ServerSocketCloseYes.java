package dev.wholetrace.workloads.races;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * {@link ServerSocketCloseNo}'s acceptor, with main writing {@code late} after {@code close()}: the failing accept
 * is ordered after the close, not after what main does next, and the acceptor reads {@code late} too. Race on
 * {@code late} ({@code stopReason} stays ordered).
 */
public final class ServerSocketCloseYes {
    public static final String[] RACES = {"ServerSocketCloseYes.late"};

    static int late;

    public static void main(String[] args) throws Exception {
        ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        String[] seen = new String[1];
        int[] lateSeen = new int[1];
        Thread acceptor = new Thread(() -> {
            ServerSocketCloseNo.acceptUntilClosed(server, seen);
            lateSeen[0] = late; // 0 or 1
        }, "acceptor");
        acceptor.start();
        try (Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort())) {
            if (client.getInputStream().read() != 42) throw new AssertionError("no answer");
        }
        ServerSocketCloseNo.stopReason = "shutdown";
        server.close();
        late = 1;
        acceptor.join();
        if (!"shutdown".equals(seen[0]) || lateSeen[0] > 1) throw new AssertionError("acceptor saw " + seen[0]);
        System.out.println("stopped: " + seen[0]);
    }
}
