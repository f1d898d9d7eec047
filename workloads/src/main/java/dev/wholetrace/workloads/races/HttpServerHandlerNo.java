package dev.wholetrace.workloads.races;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The JDK's HTTP server ({@code com.sun.net.httpserver}, as a small service uses it): main sets {@code greeting},
 * then starts a server whose handler reads it, and sends it requests. {@code HttpServer.start()} starts the server's
 * dispatcher thread inside the JDK; with the default executor the dispatcher runs the handler itself, with a fixed
 * pool it hands each exchange to the pool, whose workers it starts (addWorker). Thread.start orders main's write
 * before everything the dispatcher does, and the dispatcher's past before each worker it starts. Main counts the
 * answers in an atomic and reads them after the pool terminated. No race. Until session 41 the agent recorded no
 * fork for a thread JDK code started outside a pool's addWorker, so the dispatcher's (and the workers') read of
 * {@code greeting} looked unordered with main's write.
 */
public final class HttpServerHandlerNo {
    public static final String[] RACES = {};

    static String greeting;

    public static void main(String[] args) throws Exception {
        greeting = "hello";
        AtomicInteger served = new AtomicInteger();
        serve(null, served); // the default executor: the dispatcher runs the handler
        ExecutorService pool = Executors.newFixedThreadPool(2);
        serve(pool, served);
        pool.shutdown();
        if (!pool.awaitTermination(30, TimeUnit.SECONDS)) throw new AssertionError("not terminated");
        System.out.println("served=" + served.get());
    }

    /** A server on a free loopback port with {@code executor}, three requests, then stopped. */
    static void serve(ExecutorService executor, AtomicInteger served) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            byte[] body = greeting.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
            served.incrementAndGet();
        });
        server.setExecutor(executor);
        server.start();
        try {
            for (int i = 0; i < 3; i++) {
                if (!get(server.getAddress().getPort()).equals("hello")) throw new AssertionError("wrong answer");
            }
        } finally {
            server.stop(0);
        }
    }

    /** The body of a GET of / on {@code port}. */
    static String get(int port) throws IOException {
        HttpURLConnection c = (HttpURLConnection) new URL("http", InetAddress.getLoopbackAddress().getHostAddress(), port, "/").openConnection();
        try (InputStream in = c.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } finally {
            c.disconnect();
        }
    }
}
