package dev.wholetrace.cli.commands;

import dev.wholetrace.model.event.TraceMode;
import java.nio.file.Path;

/** The -javaagent argument: the agent jar and its options (out, mode, include, exclude). */
final class AgentOptions {
    private AgentOptions() {}

    /**
     * {@code -javaagent:JAR=out=FILE,mode=MODE[,include=…][,exclude=…]}; a bad mode or a ',' in
     * a value (the agent's option separator) is a usage error here, not a silent agent failure later.
     */
    static String javaagent(Path agentJar, Path out, String mode, String include, String exclude) {
        TraceMode.parse(mode);
        for (String s : new String[] {out.toString(), String.valueOf(include), String.valueOf(exclude)}) {
            if (s.contains(",")) throw new IllegalArgumentException("',' is not allowed in '" + s + "' (the agent's option separator)");
        }
        StringBuilder options = new StringBuilder("out=").append(out.toAbsolutePath()).append(",mode=").append(mode);
        if (include != null) options.append(",include=").append(include);
        if (exclude != null) options.append(",exclude=").append(exclude);
        return "-javaagent:" + BuildJars.existing(agentJar, "agent").toAbsolutePath() + "=" + options;
    }
}
