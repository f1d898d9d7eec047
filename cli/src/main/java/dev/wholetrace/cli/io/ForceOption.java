package dev.wholetrace.cli.io;

import picocli.CommandLine.Option;

/**
 * The {@code --force} option of every command that writes a file (a picocli mixin): without it an
 * existing output file is left alone and the command stops with exit code 2. It never allows
 * replacing a directory, a device or the command's own input ({@link OutputFile}).
 */
public final class ForceOption {
    @Option(names = "--force", description = "replace the output file if it exists (never a directory, a device or the input)")
    boolean force;

    /** Whether the user allowed replacing an existing output file. */
    public boolean force() {
        return force;
    }
}
