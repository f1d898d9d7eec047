package dev.wholetrace.recorder;

/**
 * A thread of the recorder's own: a compressor worker, the writer, the clock, a strata stage. The program's code may
 * still run on it: a program's security manager is asked whenever such a thread loads a class from a directory of the
 * class path, and its instrumented code calls the probes. What runs there is not the program's, so it records nothing
 * ({@link TraceRecorder#thread}): registered as a program thread, a compressor worker was a thread of the trace,
 * with the security manager's events (session 42, InstrumentedSecurityManagerTest).
 */
final class OwnThread extends Thread {
    OwnThread(Runnable task, String name) {
        super(task, name);
        setDaemon(true);
    }
}
