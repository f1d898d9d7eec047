package dev.wholetrace.cli.commands;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * How dump and segment print events: the output format (text, or JSON lines as {@code json},
 * also named {@code jsonl}: one object per line) and which WPP a thread is read through.
 */
final class EventOutputOptions {
    @Mixin
    FormatOption.WithJsonAlias format;

    @Option(names = "--view", defaultValue = "main", paramLabel = "VIEW",
            description = "main (the mode's own WPP), dor (an ALL trace's data WPP) or blocks (the main WPP's basic blocks only)"
                    + " (default: ${DEFAULT-VALUE})")
    TraceFiles.View view;
}
