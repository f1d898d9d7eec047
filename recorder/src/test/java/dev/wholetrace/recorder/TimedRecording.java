package dev.wholetrace.recorder;

import dev.wholetrace.model.event.TraceMode;
import java.nio.file.Path;

/**
 * The program {@link RecorderTimeBoundKillTest} kills: records with the default configuration
 * (chunks sealed every second with the fast codec) from two threads, no checkpoints. "busy"
 * records blocks and lock/unlock pairs without pause and prints {@code busy N} every 20 ms, N
 * being the events it has recorded so far; "blocked" records {@link #BLOCKED_EVENTS} blocks,
 * prints {@code blocked}, and then waits forever without recording anything more.
 */
final class TimedRecording {
    static final int BLOCKED_EVENTS = 50;

    public static void main(String[] args) throws Exception {
        TraceRecorder rec = TraceRecorder.open(Path.of(args[0]), RecorderConfig.defaults(TraceMode.COR));
        Thread blocked = new Thread(() -> {
            ThreadRecorder t = rec.beginThread("blocked", 2, false);
            for (int i = 0; i < BLOCKED_EVENTS; i++) t.block(i);
            System.out.println("blocked");
            Object never = new Object();
            synchronized (never) {
                while (true) {
                    try {
                        never.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        }, "blocked");
        blocked.setDaemon(true);
        blocked.start();
        ThreadRecorder t = rec.beginThread("busy", 1, false);
        long events = 0;
        long next = System.nanoTime();
        for (int i = 0; ; i++) {
            t.block(i % 5);
            t.lock(7, 42);
            t.block(5 + i % 3);
            t.unlock(8, 42);
            events += 4;
            if ((i & 255) == 0 && System.nanoTime() >= next) {
                System.out.println("busy " + events);
                next = System.nanoTime() + 20_000_000L;
            }
        }
    }
}
