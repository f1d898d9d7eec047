package dev.wholetrace.cli.commands;

import dev.wholetrace.recorder.AgentOptions;
import picocli.CommandLine.Option;

/**
 * {@code --events N} of {@code record}, {@code workload} and {@code demo} (a picocli mixin): the agent
 * option {@code events=N}, chunks sealed after about N events instead of every second, so that two
 * recordings of one program are cut alike whatever each one's speed (docs/durability.md). Until
 * session 45 only a {@code -javaagent} line could set it.
 */
public class ChunkEventsOption {
    @Option(names = "--events", paramLabel = "N",
            description = "seal a chunk after about N events (all threads; 1 to 2^62) instead of every second: two recordings of one "
                    + "program are then cut alike whatever each one's speed, while a SIGKILL may lose the open chunk (agent option "
                    + "events=N; docs/durability.md)")
    Long events;

    /** {@code options} sealing by {@code --events} if given; a bad N is refused here, before the program runs. */
    AgentOptions apply(AgentOptions options) {
        return events == null ? options : options.withChunkEvents(events);
    }
}
