package dev.wholetrace.cli.process;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * While open, passes SIGINT, SIGTERM and SIGHUP sent to this JVM on to a child process instead of
 * letting them end this JVM: a command that runs a program ({@code record}, {@code workload}) then
 * stops with the program, whose shutdown (the agent finishing the trace) runs, and returns the
 * program's exit code, instead of dying and leaving the program running orphaned. Closing restores
 * the previous handlers and destroys the child if it is still alive: a command that closes before
 * its program ended has failed, and must not leave the program behind.
 *
 * <p>A terminal's Ctrl-C reaches both processes (they share the foreground process group); the
 * program then gets SIGINT twice, which a JVM treats as once.
 */
public final class SignalForwarding implements AutoCloseable {
    /** The signals that end a program politely; SIGKILL and SIGSTOP cannot be caught. */
    static final List<String> FORWARDED = List.of("INT", "TERM", "HUP");

    private final Process child;
    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();

    private SignalForwarding(Process child) {
        this.child = child;
    }

    /** Starts forwarding to {@code child}; a signal this JVM may not handle (-Xrs) is left alone. */
    public static SignalForwarding to(Process child) {
        SignalForwarding f = new SignalForwarding(child);
        for (String name : FORWARDED) {
            Signal signal = new Signal(name);
            try {
                f.previous.add(Signal.handle(signal, f::forward));
                f.signals.add(signal);
            } catch (IllegalArgumentException notAllowed) {
                // reserved by the JVM or the OS: the default behaviour stays
            }
        }
        return f;
    }

    private void forward(Signal signal) {
        if (!child.isAlive()) return;
        try {
            Process kill = new ProcessBuilder("kill", "-s", signal.getName(), Long.toString(child.pid()))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (kill.waitFor(5, TimeUnit.SECONDS) && kill.exitValue() == 0) return;
        } catch (IOException | InterruptedException e) {
            // no kill command: fall back to what the JDK can send
        }
        child.destroy(); // SIGTERM
    }

    @Override
    public void close() {
        for (int i = 0; i < signals.size(); i++) Signal.handle(signals.get(i), previous.get(i));
        if (child.isAlive()) child.destroy();
    }
}
