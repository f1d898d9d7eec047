package dev.wholetrace.workloads.include.lib;

import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.util.concurrent.Executor;

/**
 * A library's Executor that runs each task on its one thread, handing the task's slot number over through a
 * JDK pipe (whose monitors are inside the JDK, where the agent records nothing): as an event loop fed by a
 * queue the agent does not know. Executor's contract still orders what the caller did before {@code execute}
 * before the task's run. {@link #close} joins the thread.
 */
public final class PipeExecutor implements Executor, AutoCloseable {
    private final Runnable[] slots = new Runnable[64];
    private final PipedOutputStream out = new PipedOutputStream();
    private final Thread thread;
    private int next;

    public PipeExecutor() throws IOException {
        PipedInputStream in = new PipedInputStream(out);
        thread = new Thread(() -> {
            try {
                for (int slot; (slot = in.read()) >= 0; ) slots[slot].run();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }, "pipe-executor");
        thread.start();
    }

    @Override
    public void execute(Runnable task) {
        slots[next] = task;
        try {
            out.write(next++);
            out.flush();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() throws Exception {
        out.close();
        thread.join();
    }
}
