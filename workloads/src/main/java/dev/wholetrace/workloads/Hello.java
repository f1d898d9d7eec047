package dev.wholetrace.workloads;

/**
 * Does nothing but print one line: run with and without the agent, its time is the agent's fixed
 * start-up cost (agent loading, recorder threads, closing the trace), apart from any work.
 */
public final class Hello {
    public static void main(String[] args) {
        System.out.println("hello");
    }
}
