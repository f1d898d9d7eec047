package dev.wholetrace.workloads.races;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * {@link HttpServerHandlerNo}'s service with a fixed pool of two, whose handler also counts its requests in a plain
 * {@code hits} field. The pool starts a worker for each of the first two exchanges, so two workers each increment
 * {@code hits}, and nothing orders them: main's next request follows the previous answer over a socket, which is no
 * synchronization. Main reads {@code hits} after the pool terminated (ordered). Race on {@code hits} (the forks of
 * the threads the JDK starts order only {@code greeting}).
 */
public final class HttpServerHandlerYes {
    public static final String[] RACES = {"HttpServerHandlerYes.hits"};

    static String greeting;
    static int hits;

    public static void main(String[] args) throws Exception {
        greeting = "hello";
        hits = 0;
        ExecutorService pool = Executors.newFixedThreadPool(2);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            hits++;
            byte[] body = greeting.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.setExecutor(pool);
        server.start();
        try {
            for (int i = 0; i < 3; i++) {
                if (!HttpServerHandlerNo.get(server.getAddress().getPort()).equals("hello")) throw new AssertionError("wrong answer");
            }
        } finally {
            server.stop(0);
        }
        pool.shutdown();
        if (!pool.awaitTermination(30, TimeUnit.SECONDS)) throw new AssertionError("not terminated");
        System.out.println("hits=" + hits);
    }
}
