package dev.wholetrace.cli.commands;

import picocli.CommandLine.Option;

/** How dump and segment print events: the output format and which WPP a thread is read through. */
final class EventOutputOptions {
    @Option(names = "--format", defaultValue = "text", paramLabel = "FORMAT",
            description = "text or jsonl (one JSON object per line) (default: ${DEFAULT-VALUE})")
    EventPrinter.Format format;

    @Option(names = "--view", defaultValue = "main", paramLabel = "VIEW",
            description = "main (the mode's own WPP) or dor (an ALL trace's data WPP) (default: ${DEFAULT-VALUE})")
    TraceFiles.View view;
}
