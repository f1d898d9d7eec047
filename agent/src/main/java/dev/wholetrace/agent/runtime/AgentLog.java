package dev.wholetrace.agent.runtime;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** The agent's only output: one line on stderr per kind of problem, never more. */
public final class AgentLog {
    private static final Set<String> SAID = ConcurrentHashMap.newKeySet();

    private AgentLog() {}

    public static void once(String key, String message) {
        if (SAID.add(key)) System.err.println("wholetrace agent: " + message);
    }
}
