package dev.wholetrace.cli.commands;

import dev.wholetrace.format.io.Codec;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

final class Codecs {
    private Codecs() {}

    static Codec parse(CommandSpec spec, String name) {
        try {
            return Codec.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "unknown codec '" + name + "' (expected best, xz, zstd or none)");
        }
    }
}
