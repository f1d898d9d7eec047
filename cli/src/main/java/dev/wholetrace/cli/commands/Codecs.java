package dev.wholetrace.cli.commands;

import dev.wholetrace.format.io.Codec;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

final class Codecs {
    private Codecs() {}

    /** The codecs a .wgr file may be written with (its format lists none, zstd and xz; BEST picks among them). */
    static Codec parse(CommandSpec spec, String name) {
        for (Codec c : new Codec[] {Codec.BEST, Codec.XZ, Codec.ZSTD, Codec.NONE}) {
            if (c.name().equals(name.toUpperCase(Locale.ROOT))) return c;
        }
        throw new CommandLine.ParameterException(spec.commandLine(), "unknown codec '" + name + "' (expected best, xz, zstd or none)");
    }
}
